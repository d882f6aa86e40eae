/**
 * Whether this device holds a guest cart, answered without RxDB: a visitor who never put anything
 * in a cart downloads and opens no database (the storefront's performance budget), and the cart
 * loads at the first add. Kept free of imports that pull RxDB or Dexie into first-paint JS.
 */

import { createStore } from 'zustand/vanilla';

/** The guest cart's RxDB database (guest-db.ts). */
export const GUEST_DB_NAME = 'garage-guest';
/** The Dexie database the cart lived in before it moved to RxDB (dexie-import.ts). */
export const DEXIE_CART_DB_NAME = 'garage-cart';
/** Where the previous version of the shop kept the cart (spec §4; legacy-import.ts). */
export const LEGACY_CART_KEY = 'cart';
/** Set when the guest cart is first written; other tabs hear it through the storage event. */
const FLAG = 'garage-guest-cart';

/** Set by this tab's first cart action: the live cart loads then if it had not yet. */
export const cartTouched = createStore(() => ({ touched: false }));

export function markGuestCart(): void {
  try {
    if (localStorage.getItem(FLAG) === null) localStorage.setItem(FLAG, '1');
  } catch {
    // Storage blocked: this tab loads the cart anyway (it is writing to it).
  }
}

/** True when unsure (storage blocked, no `indexedDB.databases()`): the cart then loads as before. */
export async function guestCartStored(): Promise<boolean> {
  try {
    if (localStorage.getItem(FLAG) !== null || localStorage.getItem(LEGACY_CART_KEY) !== null) return true;
    // A guest cart from before the flag existed, or the Dexie cart of an older version.
    const names = (await indexedDB.databases()).map((db) => db.name ?? '');
    return names.some((name) => name.startsWith(`rxdb-dexie-${GUEST_DB_NAME}-`) || name === DEXIE_CART_DB_NAME);
  } catch {
    return true;
  }
}

/** Calls `listener` when another tab writes this device's first guest cart line. */
export function onGuestCartMarked(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === FLAG && event.newValue !== null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
