import { Link } from '@tanstack/react-router';
import { IconUser } from '@tabler/icons-react';
import classes from './Navbar.module.css';

export interface AccountSlotProps {
  /** 'bar' = icon in the top bar, 'menu' = labelled row in the mobile drawer. */
  variant: 'bar' | 'menu';
  onNavigate?: () => void;
}

/**
 * The account area of the navbar. Signed out it is a sign-in link to /auth. The signed-in states of
 * spec §2 (first name or e-mail, sign-out button, Dashboard / Support Dashboard / Admin Panel links,
 * 'Loading' while the profile loads) belong here: both the bar and the mobile drawer render this one
 * component, so the auth work changes a single place.
 */
// '/auth' is added by the auth work; until then the typed router does not know it.
const AUTH_PATH = '/auth' as '/';

export function AccountSlot({ variant, onNavigate }: AccountSlotProps) {
  if (variant === 'menu') {
    return (
      <Link to={AUTH_PATH} className={classes.drawerLink} onClick={onNavigate}>
        <IconUser size={18} aria-hidden="true" /> Sign in
      </Link>
    );
  }
  return (
    <Link to={AUTH_PATH} className={classes.iconButton} aria-label="Sign in" title="Sign in" onClick={onNavigate}>
      <IconUser size={22} aria-hidden="true" />
    </Link>
  );
}
