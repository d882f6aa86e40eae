import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AuthSearchSchema } from '@/features/auth/search.ts';
import { safeRedirectTarget } from '@/features/auth/search.ts';

describe('the remembered redirect after sign-in', () => {
  it('keeps paths on this site, with their search and hash', () => {
    expect(safeRedirectTarget('/checkout')).toBe('/checkout');
    expect(safeRedirectTarget('/products?category=bundle#top')).toBe('/products?category=bundle#top');
  });

  it('refuses other sites, protocol-relative and backslash tricks, and /auth itself', () => {
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', 'checkout', '/auth?redirect=/x', 42, null]) {
      expect(safeRedirectTarget(bad)).toBeNull();
    }
  });

  it('drops a bad redirect from the /auth search and falls back to sign-in for an unknown mode', () => {
    expect(v.parse(AuthSearchSchema, { redirect: '//evil.example', mode: 'weird' })).toEqual({ redirect: undefined, mode: 'sign-in' });
    expect(v.parse(AuthSearchSchema, { redirect: '/dashboard/orders', mode: 'sign-up' })).toEqual({ redirect: '/dashboard/orders', mode: 'sign-up' });
  });
});
