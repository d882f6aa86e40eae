import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Burger, Button, Container } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { importAgain } from '@/lib/import-again.ts';
import { AccountSlot } from './AccountSlot.tsx';
import { CartButton } from './CartButton.tsx';
import { NavDropdown } from './NavDropdown.tsx';
import { NavTargetLink } from './NavTargetLink.tsx';
import { NAV_ENTRIES, isNavGroup } from './navItems.ts';
import { useNavbarAppearance } from './useNavbarAppearance.ts';
import classes from './Navbar.module.css';

// The drawer (Mantine Modal internals) loads on first open, keeping it out of the first paint.
const MobileMenu = lazy(() => importAgain(() => import('./MobileMenu.tsx')));

export function Navbar({ isHome }: { isHome: boolean }) {
  const appearance = useNavbarAppearance(isHome);
  const [menuOpened, setMenuOpened] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  // Stable, since the drawer subscribes it to router navigation events.
  const closeMenu = useCallback(() => setMenuOpened(false), []);
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpened(true);
  };

  return (
    <header className={classes.header} data-text={appearance.text} data-surface={appearance.surface} data-testid="navbar">
      <Container size="xl" className={classes.inner}>
        <Link to="/" className={classes.brand} aria-label="GarageGuard home">
          <IconShieldLock size={26} aria-hidden="true" />
          <span>GarageGuard</span>
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          {NAV_ENTRIES.map((entry) =>
            isNavGroup(entry) ? (
              <NavDropdown key={entry.label} group={entry} />
            ) : (
              <NavTargetLink key={entry.label} target={entry} className={classes.link} />
            ),
          )}
        </nav>

        <div className={classes.actions}>
          <CartButton />
          <AccountSlot variant="bar" />
          <Button
            size="sm"
            visibleFrom="sm"
            renderRoot={(props) => <Link to="/products/$productId" params={{ productId: '1' }} {...props} />}
          >
            Order Now
          </Button>
          <Burger
            opened={menuOpened}
            onClick={() => (menuOpened ? closeMenu() : openMenu())}
            hiddenFrom="sm"
            size="sm"
            color="currentColor"
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpened}
          />
        </div>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={closeMenu} />
        </Suspense>
      )}
    </header>
  );
}
