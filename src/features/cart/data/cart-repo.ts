import type { CartItem, CartProductInput } from '../index.ts';
import { lineIdOf, normaliseAddQuantity, normaliseSetQuantity } from '../rules.ts';
import type { CartDatabase, StoredCartItem } from './cart-db.ts';

// Every write is a read-modify-write inside one 'rw' transaction: IndexedDB serialises
// overlapping read-write transactions, even across tabs, so two simultaneous adds of the same line
// both count instead of one overwriting the other.

function toCartItem({ addedAt: _addedAt, ...item }: StoredCartItem): CartItem {
  return item;
}

/** Lines in the order they were first added. */
export async function listCartItems(db: CartDatabase): Promise<CartItem[]> {
  const rows = await db.items.orderBy('addedAt').toArray();
  return rows.map(toCartItem);
}

/**
 * Adds `quantity` (default 1) of a product line. Returns the line as stored, or null when the
 * quantity is not a whole number of at least 1 (nothing is written).
 */
export async function addCartItem(
  db: CartDatabase,
  input: CartProductInput,
  quantity?: number,
): Promise<CartItem | null> {
  const amount = normaliseAddQuantity(quantity);
  if (amount === null) return null;
  const id = lineIdOf(input);
  return db.transaction('rw', db.items, async () => {
    const existing = await db.items.get(id);
    if (existing) {
      const updated = { ...existing, quantity: existing.quantity + amount };
      await db.items.put(updated);
      return toCartItem(updated);
    }
    // Two adds in the same millisecond would tie on Date.now() and then list in key order, so a
    // new line always sorts strictly after the newest one.
    const newest = await db.items.orderBy('addedAt').last();
    const line: StoredCartItem = {
      id,
      productId: input.productId,
      name: input.name,
      price: input.price,
      image: input.image,
      quantity: amount,
      addedAt: Math.max(Date.now(), (newest?.addedAt ?? 0) + 1),
      ...(input.variant?.trim() ? { variant: input.variant.trim() } : {}),
    };
    await db.items.add(line);
    return toCartItem(line);
  });
}

/** Removes a line; returns it when it existed (the toast needs its name). */
export async function removeCartItem(db: CartDatabase, id: string): Promise<CartItem | null> {
  return db.transaction('rw', db.items, async () => {
    const existing = await db.items.get(id);
    if (!existing) return null;
    await db.items.delete(id);
    return toCartItem(existing);
  });
}

/** Sets a line's quantity (floored at 0 by Math.floor); 0 removes it; non-finite is ignored. */
export async function setCartItemQuantity(db: CartDatabase, id: string, quantity: number): Promise<void> {
  const next = normaliseSetQuantity(quantity);
  if (next === null) return;
  await db.transaction('rw', db.items, async () => {
    if (next === 0) {
      await db.items.delete(id);
      return;
    }
    await db.items.update(id, { quantity: next });
  });
}

export async function clearCartItems(db: CartDatabase): Promise<void> {
  await db.items.clear();
}
