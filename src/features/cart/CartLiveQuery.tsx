import { useEffect } from 'react';
import type { CartItem } from './index.ts';
import type { CartItemDoc } from '@/db/collections/index.ts';
import { orderLines } from './data/cart-doc.ts';
import { activeCart, startCartSource } from './data/source.ts';

/**
 * Feeds the provider with the live cart: the guest cart, or the signed-in user's. It lives in its
 * own lazily loaded chunk so RxDB stays out of the JavaScript needed for first paint. RxDB's query
 * re-runs on writes from this tab, from other tabs (multi-instance) and from the replication.
 */
export default function CartLiveQuery({ onItems }: { onItems: (items: CartItem[]) => void }) {
  useEffect(() => {
    const stop = startCartSource(() => onItems([]));
    let lines: { unsubscribe(): void } | undefined;
    const show = ({ target }: ReturnType<typeof activeCart.getState>) => {
      lines?.unsubscribe();
      lines = undefined;
      // No target: a user's database is opening; the last lines stay (or loading, at start).
      if (!target) return;
      lines = target.collection.find().$.subscribe({
        next: (docs) => {
          if (activeCart.getState().target === target) onItems(orderLines(docs.map((doc) => doc.toJSON() as CartItemDoc)));
        },
        error: (error: unknown) => {
          console.error('The cart could not be read.', error);
          onItems([]);
        },
      });
    };
    show(activeCart.getState());
    const unsubscribe = activeCart.subscribe(show);
    return () => {
      unsubscribe();
      lines?.unsubscribe();
      stop();
    };
  }, [onItems]);

  return null;
}
