import type { RxCollection } from 'rxdb';
import type { CartItemDoc } from '@/db/collections/index.ts';
import { userDataStore, type UserDataState } from '@/db/user-data-store.ts';

/** A signed-in user's cart: the `cart_items` collection of their replicated database. */
export interface UserCartSource {
  userId: string;
  collection: RxCollection<CartItemDoc>;
}

/**
 * Whose cart the shopper sees: the guest cart (null: signed out, or the user's data could not be
 * opened, so adds still land somewhere and join their cart later), a user's whose database is
 * still opening ('opening': the page waits rather than flash the guest cart), or the user's.
 * Read from the data layer's store (src/app/data opens and closes the user's database).
 */
export type UserCartState = UserCartSource | 'opening' | null;

let last: UserCartState = null;

function fromDataLayer(state: UserDataState): UserCartState {
  if (state.status === 'opening' && state.userId) return 'opening';
  const collection = state.status === 'ready' ? state.data?.db.cart_items : undefined;
  if (!collection || !state.data) return null;
  // The same cart keeps its identity across unrelated store updates (no re-merge, no re-query).
  if (last && last !== 'opening' && last.collection === collection) return last;
  return { userId: state.data.userId, collection };
}

export function currentUserCart(): UserCartState {
  last = fromDataLayer(userDataStore.getState());
  return last;
}

/** Calls `listener` when the cart changes from what it was when this watch began. */
export function watchUserCart(listener: (user: UserCartState) => void): () => void {
  // Each watcher keeps its own previous state: with a shared one, the first watcher to run would
  // hide the change from the others.
  let previous = currentUserCart();
  return userDataStore.subscribe(() => {
    const now = currentUserCart();
    if (now === previous) return;
    previous = now;
    listener(now);
  });
}
