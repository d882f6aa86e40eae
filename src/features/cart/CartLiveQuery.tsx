import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CartItem } from './index.ts';
import { cartDb } from './data/cart-db.ts';
import { listCartItems } from './data/cart-repo.ts';
import { importLegacyCart } from './data/legacy-import.ts';

/**
 * Feeds the provider with the live cart. It lives in its own lazily loaded chunk so Dexie stays out
 * of the JavaScript needed for first paint. Dexie's liveQuery re-runs on writes from this tab and,
 * through BroadcastChannel, from other tabs of the same origin.
 */
export default function CartLiveQuery({ onItems }: { onItems: (items: CartItem[]) => void }) {
  const [imported, setImported] = useState(false);

  useEffect(() => {
    let active = true;
    importLegacyCart(cartDb)
      .catch((error: unknown) => console.error('Legacy cart import failed; will retry on next start.', error))
      .finally(() => {
        if (active) setImported(true);
      });
    return () => {
      active = false;
    };
  }, []);

  // Waiting for the import means the cart never shows empty before the legacy lines arrive.
  const items = useLiveQuery(() => (imported ? listCartItems(cartDb) : undefined), [imported]);

  useEffect(() => {
    if (items) onItems(items);
  }, [items, onItems]);

  return null;
}
