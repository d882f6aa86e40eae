// Pure rules of the store shell (navbar/footer), kept free of React so they are unit-tested directly.

/** Areas with their own shell (sidebar layouts): the store navbar and footer stay out of them. */
export const CHROME_FREE_PREFIXES = ['/dashboard', '/admin', '/support/dashboard'] as const;

/**
 * True when the store navbar and footer are hidden for this path. Matching is per path segment,
 * so '/dashboard/devices' is hidden but a page such as '/administration-guide' is not.
 */
export function isChromeHidden(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CHROME_FREE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function isHomePath(pathname: string): boolean {
  return pathname === '/' || pathname === '';
}

/** Distance (px) from the viewport top at which the bar turns opaque over the hero. */
export const HERO_OPAQUE_OFFSET = 100;

export interface NavbarAppearance {
  /** 'light' = white text (over the hero video), 'dark' = black text. */
  text: 'light' | 'dark';
  /** 'transparent' over the hero, 'blurred' = opaque blurred white. */
  surface: 'transparent' | 'blurred';
}

/**
 * Spec: "Text is white while the hero section is in view, otherwise black on a blurred white
 * background; it becomes opaque when the hero's bottom is 100px or less above the viewport top."
 * The hero counts as "in view" for the bar while its bottom edge is more than 100 px below the
 * viewport top, i.e. while the hero still fills the area behind the bar (≈64 px) with some margin.
 * From that point on the bar is opaque, and opaque means the blurred white surface with black text:
 * one threshold, so white text never sits on the white surface.
 * `heroBottom` is the hero's getBoundingClientRect().bottom, or null when there is no hero.
 */
export function navbarAppearance(isHome: boolean, heroBottom: number | null): NavbarAppearance {
  if (!isHome || heroBottom === null || heroBottom <= HERO_OPAQUE_OFFSET) {
    return { text: 'dark', surface: 'blurred' };
  }
  return { text: 'light', surface: 'transparent' };
}

/** The cart badge shows only for a positive count; large counts are capped for the small badge. */
export function cartBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** Accessible name of the cart link, e.g. 'Cart, 3 items'. */
export function cartLabel(count: number): string {
  const n = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (n === 0) return 'Cart, empty';
  return `Cart, ${n} ${n === 1 ? 'item' : 'items'}`;
}
