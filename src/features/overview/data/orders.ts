// The signed-in user's orders (public.orders, replicated, written only by place_order): the
// Orders in Progress card and the orders in the recent activity.
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export type OrderDoc = DocOf<'orders'>;

/** An order is in progress until it is delivered or cancelled. */
export const IN_PROGRESS_STATUSES = ['pending', 'processing', 'shipped'] as const;

export function myOrdersInProgressQuery(userId: string | null): MangoQuery<OrderDoc> {
  return { selector: { user_id: userId ?? '', status: { $in: [...IN_PROGRESS_STATUSES] } } };
}

/** The newest `limit` orders, newest first (the id breaks ties). */
export function myRecentOrdersQuery(userId: string | null, limit: number): MangoQuery<OrderDoc> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }], limit };
}
