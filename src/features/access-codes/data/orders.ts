// One of the user's orders, read for a delivery code (the orders collection on this device).
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export function orderByIdQuery(userId: string | null, orderId: string): MangoQuery<DocOf<'orders'>> {
  return { selector: { id: orderId, user_id: userId ?? '' }, limit: 1 };
}
