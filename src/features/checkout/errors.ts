// Why an order was not placed, in words for the shopper. The cart is kept in every case: nothing
// is cleared unless the server confirmed the order.

export type CheckoutFailureKind = 'offline' | 'stock' | 'auth' | 'other';

export interface CheckoutFailure {
  kind: CheckoutFailureKind;
  message: string;
}

export const OFFLINE_MESSAGE = "You're offline. Your cart is saved — place the order when you're back online.";
export const AUTH_MESSAGE = 'Your session has expired. Please sign in again to place your order — your cart is saved.';
export const GENERIC_MESSAGE = "We couldn't place your order. Your cart is saved — please try again in a moment.";

export function stockMessage(name: string, available: number | null): string {
  if (available === 0) return `${name} is now out of stock. Remove it from your cart to place your order.`;
  if (available !== null) {
    return `Only ${available} of ${name} left in stock. Lower the quantity in your cart to ${available} or fewer and try again.`;
  }
  return `There is not enough stock of ${name}. Lower the quantity in your cart and try again.`;
}

/** The shape of a PostgREST error as supabase-js returns it (status 0: the request never got an answer). */
export interface RpcError {
  code?: string | undefined;
  message?: string | undefined;
  details?: string | null | undefined;
  status?: number | undefined;
}

// place_order: P0001 'Insufficient stock for <name>', detail 'product_id=… requested=… available=…'.
const STOCK_MESSAGE = /^Insufficient stock for (.+)$/s;
const AVAILABLE = /\bavailable=(\d+)\b/;
// 42501: not signed in (the function's own check, or EXECUTE refused to anon). PGRST301/302/303:
// the JWT is invalid, missing or expired.
const AUTH_CODES = new Set(['42501', 'PGRST301', 'PGRST302', 'PGRST303']);

export function toCheckoutFailure(error: RpcError, online: boolean): CheckoutFailure {
  if (!online || error.status === 0) return { kind: 'offline', message: OFFLINE_MESSAGE };
  if (AUTH_CODES.has(error.code ?? '') || error.status === 401) return { kind: 'auth', message: AUTH_MESSAGE };
  const stock = error.code === 'P0001' ? STOCK_MESSAGE.exec(error.message ?? '') : null;
  if (stock?.[1]) {
    const available = AVAILABLE.exec(error.details ?? '')?.[1];
    return { kind: 'stock', message: stockMessage(stock[1], available === undefined ? null : Number(available)) };
  }
  return { kind: 'other', message: GENERIC_MESSAGE };
}

/** Thrown by placeOrder: carries the shopper-facing failure. */
export class CheckoutError extends Error {
  readonly failure: CheckoutFailure;
  constructor(failure: CheckoutFailure, options?: ErrorOptions) {
    super(failure.message, options);
    this.name = 'CheckoutError';
    this.failure = failure;
  }
}
