import type { CartProductInput } from './index.ts';

/**
 * Cart line id: the product id, plus the variant when there is one, so that different colours of
 * one product are separate lines. "Color: Black" becomes "1:Color=Black" (stable, no spaces).
 */
export function cartLineId(productId: number, variant?: string): string {
  const choice = variant?.trim();
  if (!choice) return String(productId);
  const normalised = choice
    .split(',')
    .map((part) =>
      part
        .split(':')
        .map((s) => s.trim())
        .join('='),
    )
    .join(',');
  return `${productId}:${normalised}`;
}

export function lineIdOf(input: CartProductInput): string {
  return cartLineId(input.productId, input.variant);
}

/**
 * A quantity to add: whole and at least 1. Anything else (0, negative, NaN, Infinity) is rejected
 * with null so a caller bug never writes a broken line.
 */
export function normaliseAddQuantity(quantity: number | undefined): number | null {
  if (quantity === undefined) return 1;
  if (!Number.isFinite(quantity)) return null;
  const whole = Math.floor(quantity);
  return whole >= 1 ? whole : null;
}

/**
 * A quantity to set (spec §4): floored with Math.floor and at 0; 0 means remove.
 * Non-finite input returns null: the update is ignored.
 */
export function normaliseSetQuantity(quantity: number): number | null {
  if (!Number.isFinite(quantity)) return null;
  return Math.max(0, Math.floor(quantity));
}
