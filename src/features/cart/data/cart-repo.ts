import { cartItemId } from '@/db/collections/cart-items.ts';
import type { CartItemDoc } from '@/db/collections/index.ts';
import type { CartItem, CartProductInput } from '../index.ts';
import { lineIdOf, normaliseAddQuantity, normaliseSetQuantity } from '../rules.ts';
import { capQuantity, GUEST_USER_ID, isConflict, newLineDoc, orderLines, toCartItem, type CartTarget } from './cart-doc.ts';

// Every change of a line is an RxDB incrementalModify: it re-reads the document and re-runs the
// change when another write (this tab, another tab, the replication) got there first, so two
// simultaneous adds of the same line both count instead of one overwriting the other. Removal is
// RxDB's soft delete, which the replication pushes as `_deleted`.

export async function listCartItems(target: CartTarget): Promise<CartItem[]> {
  return orderLines((await target.collection.find().exec()).map((doc) => doc.toJSON() as CartItemDoc));
}

const findLine = (target: CartTarget, lineId: string) => target.collection.findOne(cartItemId(target.userId, lineId)).exec();

/** A new line sorts strictly after the newest one, even when two adds share a millisecond. */
async function nextAddedAt(target: CartTarget): Promise<number> {
  const docs = await target.collection.find().exec();
  const newest = docs.reduce((max, doc) => Math.max(max, Date.parse(doc.added_at)), 0);
  return Math.max(Date.now(), newest + 1);
}

/** A line's quantity after `amount` is added to the `current` one it holds. */
export type QuantityAfterAdd = (current: number, amount: number) => number;

/** An add: the sum, capped at the server's maximum. */
const addCapped: QuantityAfterAdd = (current, amount) => capQuantity(current + amount);

/**
 * Adds `amount` to a line, creating it when absent (with `amount`, capped at the server's maximum).
 * `quantityAfter` gives an existing line's new quantity from the one it holds at the write; by
 * default the sum capped at the server's maximum (the sign-in merge also caps it at the stock).
 */
export async function addToLine(
  target: CartTarget,
  input: CartProductInput & { lineId?: string },
  amount: number,
  addedAt?: number,
  quantityAfter: QuantityAfterAdd = addCapped,
): Promise<CartItemDoc> {
  const lineId = input.lineId ?? lineIdOf(input);
  for (;;) {
    const existing = await findLine(target, lineId);
    if (existing) {
      const updated = await existing.incrementalModify((doc) => ({ ...doc, quantity: quantityAfter(doc.quantity, amount), updated_at: new Date().toISOString() }));
      return updated.toJSON() as CartItemDoc;
    }
    try {
      const inserted = await target.collection.insert(newLineDoc(target, { ...input, lineId }, amount, addedAt ?? (await nextAddedAt(target))));
      return inserted.toJSON() as CartItemDoc;
    } catch (error) {
      // Someone inserted the same line meanwhile: add to theirs.
      if (!isConflict(error)) throw error;
    }
  }
}

/**
 * Adds `quantity` (default 1) of a product line. Returns the line as stored, or null when the
 * quantity is not a whole number of at least 1 (nothing is written).
 */
export async function addCartItem(target: CartTarget, input: CartProductInput, quantity?: number): Promise<CartItem | null> {
  const amount = normaliseAddQuantity(quantity);
  if (amount === null) return null;
  return toCartItem(await addToLine(target, input, amount));
}

/** Removes a line; returns it when it existed (the toast needs its name). */
export async function removeCartItem(target: CartTarget, id: string): Promise<CartItem | null> {
  const existing = await findLine(target, id);
  if (!existing) return null;
  const line = toCartItem(existing.toJSON() as CartItemDoc);
  await existing.incrementalRemove();
  return line;
}

/** Sets a line's quantity (floored by Math.floor, capped); 0 removes it; non-finite is ignored. */
export async function setCartItemQuantity(target: CartTarget, id: string, quantity: number): Promise<void> {
  const next = normaliseSetQuantity(quantity);
  if (next === null) return;
  const existing = await findLine(target, id);
  if (!existing) return;
  if (next === 0) {
    await existing.incrementalRemove();
    return;
  }
  await existing.incrementalModify((doc) => ({ ...doc, quantity: capQuantity(next), updated_at: new Date().toISOString() }));
}

/** Adds `delta` (whole, may be negative) to a line as stored now; keeps it between 1 and the cap. */
export async function changeCartItemQuantity(target: CartTarget, id: string, delta: number): Promise<void> {
  if (!Number.isInteger(delta) || delta === 0) return;
  const existing = await findLine(target, id);
  // Removed elsewhere a moment ago, or (never seen) asked of another cart than the one shown.
  if (!existing) console.warn(`Cart: no line ${id} to change in the ${target.userId === GUEST_USER_ID ? 'guest' : 'user'} cart.`);
  await existing?.incrementalModify((doc) => ({ ...doc, quantity: Math.max(1, capQuantity(doc.quantity + delta)), updated_at: new Date().toISOString() }));
}

export async function clearCartItems(target: CartTarget): Promise<void> {
  await target.collection.find().incrementalRemove();
}
