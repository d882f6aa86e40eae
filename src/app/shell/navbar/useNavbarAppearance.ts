import { useLayoutEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { navbarAppearance, type NavbarAppearance } from '../layoutRules.ts';

/** The landing page marks its hero section with this id (the navbar reads its geometry). */
export const HERO_ID = 'hero';

type Key = `${NavbarAppearance['text']}/${NavbarAppearance['surface']}`;

const toKey = (a: NavbarAppearance): Key => `${a.text}/${a.surface}`;
const fromKey = (key: Key): NavbarAppearance => {
  const [text, surface] = key.split('/') as [NavbarAppearance['text'], NavbarAppearance['surface']];
  return { text, surface };
};

/**
 * Navbar colours from the hero's position. A passive scroll/resize listener measures at most once
 * per animation frame (read-only, so no layout thrash), and state changes only when the appearance
 * does, so scrolling does not re-render the bar. Re-measures after each rendered navigation, since
 * the lazily loaded home page mounts the hero after the shell.
 */
export function useNavbarAppearance(isHome: boolean): NavbarAppearance {
  const router = useRouter();
  const [key, setKey] = useState<Key>(() => toKey(navbarAppearance(isHome, isHome ? Number.POSITIVE_INFINITY : null)));

  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const hero = document.getElementById(HERO_ID);
      // On the home page a missing hero means it has not mounted yet: it always opens the page,
      // so keep the over-the-hero look rather than flash the opaque bar.
      const bottom = hero ? hero.getBoundingClientRect().bottom : isHome ? Number.POSITIVE_INFINITY : null;
      setKey(toKey(navbarAppearance(isHome, bottom)));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    if (!isHome) return;
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    const unsubscribe = router.subscribe('onRendered', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      unsubscribe();
    };
  }, [isHome, router]);

  return fromKey(key);
}
