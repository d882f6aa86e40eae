import { createContext, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { CartItem, CartProductInput } from './index.ts';
import { cartItemCount, cartTotal } from './totals.ts';

/** What changes the cart. The functions never change, so a screen that only adds to the cart (a
 * product page) reads them with useCartActions and does not re-render when the cart's lines do. */
export interface CartActions {
  /** Adds one, or `quantity` (detail page), of a product line; the toast names the quantity when given. */
  addItem: (input: CartProductInput, quantity?: number) => Promise<void>;
  removeItem: (id: string) => Promise<void>;
  /** Floors with Math.floor; 0 or less removes the line; non-finite values are ignored. */
  updateQuantity: (id: string, quantity: number) => Promise<void>;
  /**
   * The + and − buttons: adds `delta` to the line as stored when the write runs, not as last
   * rendered, so quick repeated clicks all count. Never below 1 (removing is the trash button's job).
   */
  changeQuantity: (id: string, delta: number) => Promise<void>;
  /** `silent` skips the 'Cart cleared' toast (checkout shows its own order toast instead). */
  clearCart: (options?: { silent?: boolean }) => Promise<void>;
}

export interface CartContextValue extends CartActions {
  items: CartItem[];
  /** Sum of price × quantity, 2 decimals; derived, never stored. */
  total: number;
  /** Sum of quantities; derived, never stored. */
  itemCount: number;
  /** True until IndexedDB answered (and a legacy cart was imported), so pages never flash "empty". */
  isLoading: boolean;
}

/** The lines as IndexedDB last reported them; undefined until it first answered. */
export type CartLinesStore = StoreApi<{ lines: CartItem[] | undefined }>;

/**
 * What the provider shares: the actions and the store of lines, neither of which ever changes.
 * The lines must not travel as a context value: a context change reaches every Suspense boundary
 * below it, and one that React has not hydrated yet (a lazy part of a prerendered page whose
 * chunk is still loading) is then thrown away and rendered again on the client. The cart's first
 * answer from IndexedDB arrives right in that window.
 */
export interface CartHandle extends CartActions {
  lines: CartLinesStore;
}

export const CartContext = createContext<CartHandle | null>(null);

function useCartHandle(hook: string): CartHandle {
  const handle = useContext(CartContext);
  if (!handle) throw new Error(`${hook} must be used within a CartProvider`);
  return handle;
}

/** The cart; spec §5: using it outside its provider throws. */
export function useCart(): CartContextValue {
  const handle = useCartHandle('useCart');
  const lines = useStore(handle.lines, (state) => state.lines);
  return useMemo(() => {
    const items = lines ?? [];
    const { addItem, removeItem, updateQuantity, changeQuantity, clearCart } = handle;
    return { items, total: cartTotal(items), itemCount: cartItemCount(items), isLoading: lines === undefined, addItem, removeItem, updateQuantity, changeQuantity, clearCart };
  }, [lines, handle]);
}

/** The cart's actions alone (stable); like useCart, throws outside its provider. */
export function useCartActions(): CartActions {
  return useCartHandle('useCartActions');
}
