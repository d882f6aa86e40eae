// The place_order RPC (supabase/migrations/20261121001100_place_order.sql): the only way an order
// is created. The server re-prices, checks and decrements stock and computes the totals; the
// browser sends product ids, quantities and contact/shipping fields, never card data.
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { CheckoutError, toCheckoutFailure, OFFLINE_MESSAGE } from '../errors.ts';
import type { CheckoutValues } from '../schemas.ts';

export interface OrderLine {
  productId: number;
  quantity: number;
}

export interface PlaceOrderPayload {
  items: { product_id: number; quantity: number }[];
  contact: { email: string; first_name: string; last_name: string; address: string; city: string; state: string; zip_code: string };
  p_order_id: string;
}

/**
 * The RPC's arguments. The contact is built field by field from the form values (not spread), so
 * the card number, expiry, CVV and name on card cannot reach the request whatever the form holds.
 */
export function placeOrderPayload(lines: readonly OrderLine[], values: CheckoutValues, orderId: string): PlaceOrderPayload {
  return {
    items: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
    contact: {
      email: values.email.trim(),
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      address: values.address.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      zip_code: values.zipCode.trim(),
    },
    p_order_id: orderId,
  };
}

const Money = v.pipe(v.union([v.number(), v.pipe(v.string(), v.decimal())]), v.transform(Number), v.finite(), v.minValue(0));

/** The order row place_order returns (the fields the checkout uses). */
export const PlacedOrderSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  subtotal: Money,
  tax: Money,
  shipping: Money,
  total: Money,
  // The number customers quote; optional so an older server's answer still places the order.
  order_number: v.optional(v.nullable(v.pipe(v.union([v.number(), v.pipe(v.string(), v.digits())]), v.transform(Number), v.integer(), v.minValue(1)))),
});

export type PlacedOrder = v.InferOutput<typeof PlacedOrderSchema>;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Places the order with the given id (reuse the id when retrying the same cart: the server then
 * returns the order it already made instead of charging twice). Throws a CheckoutError with the
 * message to show, or an AbortError when `signal` aborts first.
 */
export async function placeOrder(
  lines: readonly OrderLine[],
  values: CheckoutValues,
  orderId: string,
  signal?: AbortSignal,
): Promise<PlacedOrder> {
  // Known offline: do not even try (the request would fail after a network timeout).
  if (!isOnline()) throw new CheckoutError({ kind: 'offline', message: OFFLINE_MESSAGE });
  const supabase = await loadSupabase();
  let call = supabase.rpc('place_order', { ...placeOrderPayload(lines, values, orderId) });
  if (signal) call = call.abortSignal(signal);
  const { data, error, status } = await call;
  if (signal?.aborted) throw new DOMException('Checkout left', 'AbortError');
  if (error) throw new CheckoutError(toCheckoutFailure({ ...error, status }, isOnline()), { cause: error });
  const parsed = v.safeParse(PlacedOrderSchema, data);
  if (!parsed.success) throw new CheckoutError(toCheckoutFailure({ message: 'Malformed order' }, true));
  return parsed.output;
}
