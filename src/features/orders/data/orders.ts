// The signed-in customer's orders, read from the orders collection on this device (replicated
// from public.orders, which only place_order writes). RLS already limits a customer to their own
// rows; the user_id selector also keeps staff (who may read every order) to their own here.
import * as v from 'valibot';
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';
import { OrderSchema, type Order } from '../schemas.ts';

/** Newest first; the id breaks ties so two orders of one instant keep their places. */
export function myOrdersQuery(userId: string | null): MangoQuery<DocOf<'orders'>> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}

/**
 * The documents as the page shows them. A document that does not parse is left out rather than
 * hiding every other order behind an error: the rest of the list is still true.
 */
export function toOrders(docs: readonly unknown[]): Order[] {
  const orders: Order[] = [];
  for (const doc of docs) {
    const parsed = v.safeParse(OrderSchema, doc);
    if (parsed.success) orders.push(parsed.output);
  }
  return orders;
}
