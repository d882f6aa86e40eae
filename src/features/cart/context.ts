import { createContext, useContext } from 'react';
import type { CartItem, CartProductInput } from './index.ts';

export interface CartContextValue {
  items: CartItem[];
  /** Sum of price × quantity, 2 decimals; derived, never stored. */
  total: number;
  /** Sum of quantities; derived, never stored. */
  itemCount: number;
  /** True until IndexedDB answered (and a legacy cart was imported), so pages never flash "empty". */
  isLoading: boolean;
  /** Adds one, or `quantity` (detail page), of a product line; the toast names the quantity when given. */
  addItem: (input: CartProductInput, quantity?: number) => Promise<void>;
  removeItem: (id: string) => Promise<void>;
  /** Floors with Math.floor; 0 or less removes the line; non-finite values are ignored. */
  updateQuantity: (id: string, quantity: number) => Promise<void>;
  /** `silent` skips the 'Cart cleared' toast (checkout shows its own order toast instead). */
  clearCart: (options?: { silent?: boolean }) => Promise<void>;
}

export const CartContext = createContext<CartContextValue | null>(null);

/** The cart; spec §5: using it outside its provider throws. */
export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used within a CartProvider');
  return cart;
}
