// Public API of the cart feature. Other code imports from here only.
import { guestCartStored } from './data/stored.ts';

export interface CartItem {
  /** Line key: the product id, plus the chosen variant when the product has variants. */
  id: string;
  productId: number;
  name: string;
  price: number;
  image: string;
  quantity: number;
  /** Human-readable variant choice, e.g. "Color: Black". */
  variant?: string;
}

export interface CartProductInput {
  productId: number;
  name: string;
  price: number;
  image: string;
  variant?: string;
}

export { CartProvider } from './CartProvider.tsx';
export { useCart, useCartActions, type CartActions, type CartContextValue } from './context.ts';
export { cartLineId } from './rules.ts';
export { cartTotal, cartItemCount, lineTotal, orderTotals, TAX_RATE_PERCENT, type OrderTotals } from './totals.ts';
// Screens are exported from './ui.ts', not here: App.tsx imports this file for the provider, and
// re-exporting pages here would pull them (and their Mantine components) into first-paint JS.

/**
 * Empties this device's guest cart: sign-out leaves nothing of the user's (ARCHITECTURE.md). The
 * user's own cart goes with their database.
 */
export async function clearDeviceCart(): Promise<void> {
  // Opening the guest cart only to empty it would create it, and every later page would load
  // RxDB. Without a guest cart there was no sign-in merge, so no merge journal either.
  if (!(await guestCartStored())) return;
  const { guestCart, repo, forgetMergeJournal } = await import('./data/lazy.ts');
  forgetMergeJournal();
  await repo.clearCartItems(await guestCart());
}
