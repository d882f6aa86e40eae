import type { RxCollection } from 'rxdb';
import { createStore } from 'zustand/vanilla';
import type { CartItemDoc } from '@/db/collections/index.ts';

/** A signed-in user's cart: the `cart_items` collection of their replicated database. */
export interface UserCartSource {
  userId: string;
  collection: RxCollection<CartItemDoc>;
}

/**
 * Whose cart the shopper sees: the guest cart (null), a user's whose database is still opening
 * ('opening': the page waits rather than flash the guest cart), or the user's.
 *
 * The one place that learns about the signed-in user's database; whoever opens it hands it in
 * with `connectUserCart` (types only from RxDB: this module is in first-paint JS).
 */
export type UserCartState = UserCartSource | 'opening' | null;

const store = createStore<{ user: UserCartState }>(() => ({ user: null }));

/** Hand in a user's cart (their database's `cart_items`), 'opening' while it opens, or null at sign-out. */
export function connectUserCart(user: UserCartState | { userId: string; db: { cart_items?: RxCollection<CartItemDoc> } }): void {
  if (user && typeof user === 'object' && 'db' in user) {
    store.setState({ user: user.db.cart_items ? { userId: user.userId, collection: user.db.cart_items } : null });
    return;
  }
  store.setState({ user });
}

export function currentUserCart(): UserCartState {
  return store.getState().user;
}

export function watchUserCart(listener: (user: UserCartState) => void): () => void {
  return store.subscribe((state, previous) => {
    if (state.user !== previous.user) listener(state.user);
  });
}
