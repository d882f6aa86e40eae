import type { RxCollection, RxStorage } from 'rxdb';
import { createAppDatabase, type AppDatabase } from '@/db/database.ts';
import type { CartItemDoc } from '@/db/collections/index.ts';
import { GUEST_USER_ID, type CartTarget } from './cart-doc.ts';
import { GUEST_DB_NAME } from './stored.ts';

export interface GuestCartOptions {
  name?: string;
  storage?: RxStorage<unknown, unknown>;
  multiInstance?: boolean;
}

/**
 * The guest cart: one small RxDB database per origin, never replicated, shared by every tab
 * (RxDB's multi-instance mode tells the other tabs about each write, which keeps the cart live
 * across tabs). A signed-in user's cart lives in their own replicated database instead.
 */
export async function openGuestCart(options: GuestCartOptions = {}): Promise<{ db: AppDatabase; target: CartTarget }> {
  const db = await createAppDatabase({
    name: options.name ?? GUEST_DB_NAME,
    collections: ['cart_items'],
    multiInstance: options.multiInstance ?? true,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  return { db, target: { collection: db.cart_items as RxCollection<CartItemDoc>, userId: GUEST_USER_ID } };
}
