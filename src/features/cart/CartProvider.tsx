import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createStore } from 'zustand/vanilla';
import { notifications } from '@mantine/notifications';
import { userDataStore } from '@/db/user-data-store.ts';
import { cartTouched as touched, guestCartStored, onGuestCartMarked } from './data/stored.ts';
import type { CartItem, CartProductInput } from './index.ts';
import { CartContext, type CartActions, type CartHandle, type CartLinesStore } from './context.ts';
import { addedToast, cartErrorToast, clearedToast, removedToast } from './messages.ts';

type OnItems = (items: CartItem[]) => void;

// RxDB loads after first paint (performance budget): both the live query and the writes come
// from lazily imported chunks. A chunk that fails to load must not take the shop down with it.
const CartLiveQuery = lazy(() =>
  import('./CartLiveQuery.tsx').catch((error: unknown) => {
    console.error('The cart could not be loaded.', error);
    return { default: CartUnavailable };
  }),
);

const loadStore = () => {
  touched.setState({ touched: true });
  return import('./data/lazy.ts').then(async ({ writeTarget, repo }) => ({ db: await writeTarget(), repo }));
};

function CartUnavailable({ onItems }: { onItems: OnItems }) {
  useEffect(() => onItems([]), [onItems]);
  return null;
}

/** IndexedDB refused (blocked storage, failed query): show an empty cart instead of crashing. */
class CartSourceBoundary extends Component<{ onItems: OnItems; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The cart could not be read.', error);
  }
  override render() {
    return this.state.failed ? <CartUnavailable onItems={this.props.onItems} /> : this.props.children;
  }
}

async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    console.error('Cart update failed.', error);
    notifications.show(cartErrorToast);
    return undefined;
  }
}

// The actions keep no state of their own (IndexedDB is the cart), so one set serves every provider.
const actions: CartActions = {
  async addItem(input: CartProductInput, quantity?: number) {
    const line = await run(async () => {
      const { db, repo } = await loadStore();
      return repo.addCartItem(db, input, quantity);
    });
    if (line) notifications.show(addedToast(input.name, quantity === undefined ? undefined : Math.floor(quantity)));
  },
  async removeItem(id: string) {
    const removed = await run(async () => {
      const { db, repo } = await loadStore();
      return repo.removeCartItem(db, id);
    });
    if (removed) notifications.show(removedToast(removed.name));
  },
  async updateQuantity(id: string, quantity: number) {
    await run(async () => {
      const { db, repo } = await loadStore();
      await repo.setCartItemQuantity(db, id, quantity);
    });
  },
  async changeQuantity(id: string, delta: number) {
    await run(async () => {
      const { db, repo } = await loadStore();
      await repo.changeCartItemQuantity(db, id, delta);
    });
  },
  async clearCart(options?: { silent?: boolean }) {
    const done = await run(async () => {
      const { db, repo } = await loadStore();
      await repo.clearCartItems(db);
      return true;
    });
    if (done && !options?.silent) notifications.show(clearedToast);
  },
};

interface CartProviderProps {
  children: ReactNode;
  /**
   * A product's current stock (undefined: unknown). At sign-in the guest cart's quantities are
   * added to the user's up to it, never losing what either cart had on its own.
   */
  stockOf?: (productId: number) => number | undefined | Promise<number | undefined>;
  /** True when a session may be stored on this device: the user's cart will open, so load it. */
  mayHaveSession?: () => boolean;
}

/**
 * Whether to load the live cart (RxDB) in this tab: when a user is or may be signed in, when this
 * device holds a guest cart, and from the first cart action. Otherwise the cart is empty and no
 * database is downloaded or opened: a first visit to the shop stays light.
 */
function useCartWanted(mayHaveSession: (() => boolean) | undefined, showEmpty: () => void): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    let live = true;
    const want = () => live && setWanted(true);
    const stops = [
      touched.subscribe(want),
      userDataStore.subscribe((state) => {
        if (state.status !== 'idle') want();
      }),
      onGuestCartMarked(want),
    ];
    if (touched.getState().touched || userDataStore.getState().status !== 'idle' || mayHaveSession?.()) want();
    else void guestCartStored().then((stored) => (stored ? want() : live && showEmpty()));
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [wanted, mayHaveSession, showEmpty]);
  return wanted;
}

export function CartProvider({ children, stockOf, mayHaveSession }: CartProviderProps) {
  const [lines] = useState<CartLinesStore>(() => createStore(() => ({ lines: undefined })));
  const setItems = useCallback((items: CartItem[]) => lines.setState({ lines: items }), [lines]);
  const showEmpty = useCallback(() => {
    if (lines.getState().lines === undefined) lines.setState({ lines: [] });
  }, [lines]);
  const wanted = useCartWanted(mayHaveSession, showEmpty);

  const handle = useMemo<CartHandle>(() => ({ lines, ...actions }), [lines]);

  return (
    <CartContext value={handle}>
      {children}
      {wanted && (
        <CartSourceBoundary onItems={setItems}>
          <Suspense fallback={null}>
            <CartLiveQuery onItems={setItems} stockOf={stockOf} />
          </Suspense>
        </CartSourceBoundary>
      )}
    </CartContext>
  );
}
