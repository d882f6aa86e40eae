import { describe, expect, it } from 'vitest';
import {
  HERO_OPAQUE_OFFSET,
  cartBadge,
  cartLabel,
  isChromeHidden,
  isHomePath,
  navbarAppearance,
} from '@/app/shell/layoutRules.ts';

describe('isChromeHidden', () => {
  it.each(['/dashboard', '/dashboard/', '/dashboard/devices', '/admin', '/admin/inventory', '/support/dashboard', '/support/dashboard/x'])(
    'hides the store bar and footer on %s',
    (path) => expect(isChromeHidden(path)).toBe(true),
  );

  it.each(['/', '/products', '/products/1', '/support', '/support/faq', '/support/installation', '/cart', '/auth', '/dashboards', '/administration', '/support/dashboarding'])(
    'shows them on %s',
    (path) => expect(isChromeHidden(path)).toBe(false),
  );
});

describe('isHomePath', () => {
  it('is true only for the root path', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/products')).toBe(false);
  });
});

describe('navbarAppearance', () => {
  const light = { text: 'light', surface: 'transparent' };
  const dark = { text: 'dark', surface: 'blurred' };

  it('is white on transparent while the hero fills the area behind the bar', () => {
    expect(navbarAppearance(true, 800)).toEqual(light);
    expect(navbarAppearance(true, HERO_OPAQUE_OFFSET + 1)).toEqual(light);
  });

  it('turns opaque (black on blurred white) once the hero bottom is 100 px or less from the top', () => {
    expect(navbarAppearance(true, HERO_OPAQUE_OFFSET)).toEqual(dark);
    expect(navbarAppearance(true, 40)).toEqual(dark);
    expect(navbarAppearance(true, -500)).toEqual(dark);
  });

  it('is black on blurred white on every other page, and on home without a hero', () => {
    expect(navbarAppearance(false, 800)).toEqual(dark);
    expect(navbarAppearance(false, null)).toEqual(dark);
    expect(navbarAppearance(true, null)).toEqual(dark);
  });
});

describe('cart badge', () => {
  it('shows no badge for an empty cart or nonsense counts', () => {
    expect(cartBadge(0)).toBeNull();
    expect(cartBadge(-2)).toBeNull();
    expect(cartBadge(Number.NaN)).toBeNull();
  });

  it('shows the count when above 0, capped at 99+', () => {
    expect(cartBadge(1)).toBe('1');
    expect(cartBadge(12)).toBe('12');
    expect(cartBadge(99)).toBe('99');
    expect(cartBadge(150)).toBe('99+');
  });

  it('names the cart link with its count', () => {
    expect(cartLabel(0)).toBe('Cart, empty');
    expect(cartLabel(1)).toBe('Cart, 1 item');
    expect(cartLabel(3)).toBe('Cart, 3 items');
  });
});
