import Dexie, { type EntityTable, type Table } from 'dexie';
import type { CartItem } from '../index.ts';

/** A cart line as stored: `addedAt` keeps lines in the order they were first added. */
export interface StoredCartItem extends CartItem {
  addedAt: number;
}

/** Small key/value facts about this device's cart, e.g. that the legacy import already ran. */
export interface CartMeta {
  key: string;
  value: unknown;
}

export const CART_DB_NAME = 'garage-cart';

export class CartDatabase extends Dexie {
  items!: EntityTable<StoredCartItem, 'id'>;
  meta!: Table<CartMeta, string>;

  constructor(name = CART_DB_NAME) {
    super(name);
    this.version(1).stores({
      items: 'id, addedAt',
      meta: 'key',
    });
  }
}

/**
 * The cart is device-local (see ARCHITECTURE.md "Where data lives"): one IndexedDB database per
 * origin, shared by every tab, which is what makes the cart live across tabs.
 */
export const cartDb = new CartDatabase();
