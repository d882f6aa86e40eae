import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGE, GENERIC_MESSAGE, OFFLINE_MESSAGE, toCheckoutFailure } from '@/features/checkout/errors.ts';
import { cartSignature } from '@/features/checkout/order-attempt.ts';

describe('checkout error messages', () => {
  it('names the product and what is left when stock ran out', () => {
    const stock = (available: number) =>
      toCheckoutFailure(
        { code: 'P0001', message: 'Insufficient stock for Solar Panel Kit', details: `product_id=3 requested=5 available=${available}`, status: 400 },
        true,
      );
    expect(stock(2)).toEqual({
      kind: 'stock',
      message: 'Only 2 of Solar Panel Kit left in stock. Lower the quantity in your cart to 2 or fewer and try again.',
    });
    expect(stock(0).message).toBe('Solar Panel Kit is now out of stock. Remove it from your cart to place your order.');
    expect(toCheckoutFailure({ code: 'P0001', message: 'Insufficient stock for Kit', details: null, status: 400 }, true).message).toBe(
      'There is not enough stock of Kit. Lower the quantity in your cart and try again.',
    );
  });

  it('asks to sign in again when the call is not signed in or the session expired', () => {
    for (const error of [
      { code: '42501', message: 'Sign in to place an order', status: 403 },
      { code: '42501', message: 'permission denied for function place_order', status: 401 },
      { code: 'PGRST303', message: 'JWT expired', status: 401 },
      { code: '', message: 'Unauthorized', status: 401 },
    ]) {
      expect(toCheckoutFailure(error, true), error.code).toEqual({ kind: 'auth', message: AUTH_MESSAGE });
    }
  });

  it('says offline for a request that got no answer or while the browser is offline', () => {
    expect(toCheckoutFailure({ code: '', message: 'TypeError: Failed to fetch', status: 0 }, true)).toEqual({ kind: 'offline', message: OFFLINE_MESSAGE });
    expect(toCheckoutFailure({ code: '503', message: 'Service Unavailable', status: 503 }, false).kind).toBe('offline');
  });

  it('falls back to a generic retry message for anything else', () => {
    for (const error of [
      { code: 'P0001', message: 'Product 9 is not available', details: 'product_id=9', status: 400 },
      { code: 'P0001', message: 'Missing contact field: city', status: 400 },
      { code: '', message: 'Internal Server Error', status: 500 },
    ]) {
      expect(toCheckoutFailure(error, true)).toEqual({ kind: 'other', message: GENERIC_MESSAGE });
    }
  });
});

describe('cart signature (idempotency key scope)', () => {
  it('ignores line order and variants, merging quantities per product', () => {
    expect(cartSignature([{ productId: 4, quantity: 1 }, { productId: 1, quantity: 2 }, { productId: 1, quantity: 1 }])).toBe('1x3,4x1');
    expect(cartSignature([{ productId: 1, quantity: 3 }, { productId: 4, quantity: 1 }])).toBe('1x3,4x1');
    expect(cartSignature([{ productId: 1, quantity: 2 }])).not.toBe(cartSignature([{ productId: 1, quantity: 3 }]));
  });
});
