import { useEffect, useRef } from 'react';
import type { CartItem } from './index.ts';
import type { CartItemDoc } from '@/db/collections/index.ts';
import { orderLines } from './data/cart-doc.ts';
import type { StockOf } from './data/merge.ts';
import { activeCart, startCartSource } from './data/source.ts';

/**
 * Feeds the provider with the live cart: the guest cart, or the signed-in user's. It lives in its
 * own lazily loaded chunk so RxDB stays out of the JavaScript needed for first paint. RxDB's query
 * re-runs on writes from this tab, from other tabs (multi-instance) and from the replication.
 * `stockOf` caps the quantities the sign-in merge adds up; the merge reads the latest one given.
 */
export default function CartLiveQuery({ onItems, stockOf }: { onItems: (items: CartItem[]) => void; stockOf?: StockOf }) {
  // Read through a ref, so a new function does not restart the cart source.
  const stock = useRef(stockOf);
  useEffect(() => {
    stock.current = stockOf;
  }, [stockOf]);

  useEffect(() => {
    const stop = startCartSource(
      () => onItems([]),
      (productId) => stock.current?.(productId),
    );
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
