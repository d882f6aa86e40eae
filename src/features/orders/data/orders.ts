// public.orders, read by the signed-in customer. RLS already limits a customer to their own rows;
// the explicit user_id filter also keeps staff (who may read every order) to their own on this page.
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { OrderSchema, type Order } from '../schemas.ts';

export const ORDER_COLUMNS = 'id,status,items,subtotal,tax,shipping,total,created_at';

export class NotSignedInError extends Error {
  constructor() {
    super('Sign in to see your orders');
    this.name = 'NotSignedInError';
  }
}

/** The signed-in user's orders, newest first. Throws NotSignedInError without a session. */
export async function listMyOrders(signal?: AbortSignal): Promise<Order[]> {
  const supabase = await loadSupabase();
  const { data: auth } = await supabase.auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) throw new NotSignedInError();
  let query = supabase.from('orders').select(ORDER_COLUMNS).eq('user_id', userId).order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (signal?.aborted) throw new DOMException('Orders no longer needed', 'AbortError');
  if (error) throw new Error(`orders: ${error.message}`, { cause: error });
  return v.parse(v.array(OrderSchema), data);
}
