import { useEffect } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Button, Drawer } from '@mantine/core';
import { AccountSlot } from './AccountSlot.tsx';
import { NavTargetLink } from './NavTargetLink.tsx';
import { NAV_ENTRIES, isNavGroup } from './navItems.ts';
import classes from './Navbar.module.css';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Mobile navigation (under 768 px): a drawer that traps focus, closes on Escape and on navigation. */
export default function MobileMenu({ opened, onClose }: Props) {
  const router = useRouter();
  // A navigation closes the menu, including browser back/forward while it is open. Only one that
  // changes the address: the guards re-run (router.invalidate) when the session settles, about a
  // second after a signed-in page loads, and that must not shut a menu the user just opened.
  useEffect(() => router.subscribe('onResolved', (event) => event.hrefChanged && onClose()), [router, onClose]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title="Menu"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      zIndex={300}
    >
      <nav aria-label="Mobile" className={classes.drawerNav}>
        {NAV_ENTRIES.map((entry) =>
          isNavGroup(entry) ? (
            <section key={entry.label} aria-labelledby={`mobile-${entry.label}`}>
              <h2 id={`mobile-${entry.label}`} className={classes.drawerHeading}>
                {entry.label}
              </h2>
              {entry.items.map((item) => (
                <NavTargetLink key={item.label} target={item} className={classes.drawerLink} onNavigate={onClose} />
              ))}
            </section>
          ) : (
            <NavTargetLink key={entry.label} target={entry} className={classes.drawerLink} onNavigate={onClose} />
          ),
        )}
        <AccountSlot variant="menu" onNavigate={onClose} />
        <Button fullWidth mt="md" renderRoot={(props) => <Link to="/products/$productId" params={{ productId: '1' }} {...props} />} onClick={onClose}>
          Order Now
        </Button>
      </nav>
    </Drawer>
  );
}
