import { lazy, Suspense, useId, type ComponentType } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconChevronDown, IconLogout, IconUser, IconUserCircle } from '@tabler/icons-react';
import { beginSignOut, displayName, useAuth, type Role } from '@/features/auth';
import { importAgain } from '@/lib/import-again.ts';
import classes from './Navbar.module.css';
import { useDisclosureMenu } from './useDisclosureMenu.ts';
import { requestSignOut } from '../sync/sign-out-guard.ts';
import { SignOutGuardHost } from '../sync/SignOutGuardHost.tsx';
import type { SyncIndicatorProps } from '../sync/SyncIndicator.tsx';

// The sync indicator reads the sync database (Dexie): loaded for signed-in users only, so public
// pages never download it. A chunk that still cannot load after its retries (offline, never
// cached) costs the indicator.
const SyncIndicator = lazy<ComponentType<SyncIndicatorProps>>(() => importAgain(() => import('../sync/SyncIndicator.tsx')).catch(() => ({ default: () => null })));
const SyncCenterRow = lazy<ComponentType<SyncCenterRowProps>>(() => importAgain(() => import('../sync/SyncCenterRow.tsx')).catch(() => ({ default: SyncCenterLink })));

interface SyncCenterRowProps {
  className?: string;
  onNavigate?: () => void;
}

/** The drawer's row before the state loads (or when it cannot). */
function SyncCenterLink({ className, onNavigate }: SyncCenterRowProps) {
  return (
    <Link to="/sync" className={className} onClick={onNavigate}>
      Sync Center
    </Link>
  );
}

export interface AccountSlotProps {
  /** 'bar' = compact control in the top bar, 'menu' = labelled rows in the mobile drawer. */
  variant: 'bar' | 'menu';
  onNavigate?: () => void;
}

type AreaPath = '/dashboard' | '/support/dashboard' | '/admin';

/** Spec §2: Dashboard for customers, Support Dashboard for support users and admins, Admin Dashboard for admins. */
export function accountLinks(role: Role | undefined): { to: AreaPath; label: string }[] {
  if (role === 'customer') return [{ to: '/dashboard', label: 'Dashboard' }];
  const links: { to: AreaPath; label: string }[] = [];
  if (role === 'support' || role === 'admin') links.push({ to: '/support/dashboard', label: 'Support Dashboard' });
  if (role === 'admin') links.push({ to: '/admin', label: 'Admin Dashboard' });
  return links;
}

/**
 * The account area of the navbar (spec §2), rendered by the bar and by the mobile drawer. While
 * the first session check runs it shows the signed-out link: the prerendered pages carry exactly
 * that markup, so hydration matches and anonymous visitors see no layout change.
 */
export function AccountSlot({ variant, onNavigate }: AccountSlotProps) {
  const status = useAuth((state) => state.status);
  const profileLoading = useAuth((state) => !state.profile && (state.profileStatus === 'idle' || state.profileStatus === 'loading'));

  if (status === 'loading' || status === 'signed-out') {
    if (variant === 'menu') {
      return (
        <Link to="/auth" className={classes.drawerLink} onClick={onNavigate}>
          <IconUser size={18} aria-hidden="true" /> Sign In
        </Link>
      );
    }
    return (
      <Link to="/auth" className={classes.iconButton} aria-label="Sign In" title="Sign In" onClick={onNavigate}>
        <IconUser size={22} aria-hidden="true" />
      </Link>
    );
  }
  if (status === 'mfa-required') {
    // The password was right but the second factor is still owed: /auth shows the code step.
    return (
      <Link to="/auth" className={variant === 'menu' ? classes.drawerLink : classes.link} onClick={onNavigate}>
        <IconUser size={variant === 'menu' ? 18 : 20} aria-hidden="true" />
        <span className={variant === 'bar' ? classes.barLabel : undefined}>Finish signing in</span>
      </Link>
    );
  }
  if (profileLoading) {
    return (
      <span className={variant === 'menu' ? classes.drawerStatus : classes.accountStatus} role="status">
        Loading
      </span>
    );
  }
  if (variant === 'menu') return <AccountRows onNavigate={onNavigate} />;
  return (
    <>
      <Suspense fallback={null}>
        <SyncIndicator variant="compact" />
      </Suspense>
      <AccountMenu />
      {/* Outside the menu and the drawer, which close when Sign Out is clicked. */}
      <SignOutGuardHost />
    </>
  );
}

function useAccount() {
  const name = useAuth((state) => displayName(state.profile, state.user));
  const role = useAuth((state) => state.profile?.role);
  const navigate = useNavigate();
  // Asks first when changes are not synced. Then home, so the page being left does not send the
  // now signed-out user to /auth.
  const leave = () =>
    requestSignOut(async () => {
      const finish = beginSignOut();
      await navigate({ to: '/', replace: true });
      await finish().catch((error: unknown) => console.error('Sign-out failed', error));
    });
  return { name, links: accountLinks(role), leave };
}

/** Drawer rows: who is signed in, the role's areas, sign out. */
function AccountRows({ onNavigate }: { onNavigate: (() => void) | undefined }) {
  const { name, links, leave } = useAccount();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.drawerHeading}>
        Account
      </h2>
      <p className={classes.drawerStatus}>
        <IconUserCircle size={18} aria-hidden="true" /> {name}
      </p>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={classes.drawerLink} onClick={onNavigate}>
          {link.label}
        </Link>
      ))}
      <Suspense fallback={<SyncCenterLink className={classes.drawerLink} onNavigate={onNavigate} />}>
        <SyncCenterRow className={classes.drawerLink} onNavigate={onNavigate} />
      </Suspense>
      <button
        type="button"
        className={`${classes.drawerLink} ${classes.plainButton}`}
        onClick={() => {
          onNavigate?.();
          void leave();
        }}
      >
        <IconLogout size={18} aria-hidden="true" /> Sign Out
      </button>
    </section>
  );
}

/**
 * The bar's account control: the name opens a disclosure list (as the nav dropdowns do) with the
 * role's areas and sign out, so the bar keeps its width from 360 px phones to desktops.
 */
function AccountMenu() {
  const { name, links, leave } = useAccount();
  const menu = useDisclosureMenu();
  return (
    <div {...menu.rootProps} className={classes.dropdown}>
      <button {...menu.buttonProps} className={classes.link} title={name}>
        <IconUserCircle size={22} aria-hidden="true" />
        <span className={`${classes.barLabel} ${classes.accountName}`}>{name}</span>
        <IconChevronDown size={14} aria-hidden="true" className={classes.chevron} data-open={menu.open || undefined} />
      </button>
      <ul {...menu.listProps} className={`${classes.dropdownList} ${classes.accountList}`}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={classes.dropdownLink} onClick={menu.close}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/sync" className={classes.dropdownLink} onClick={menu.close}>
            Sync Center
          </Link>
        </li>
        <li>
          <button type="button" className={`${classes.dropdownLink} ${classes.plainButton}`} onClick={() => void leave()}>
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}
