import type { RxCollection } from 'rxdb';
import { CART_MAX_QUANTITY, addedAtStamp, cartItemId } from '@/db/collections/cart-items.ts';
import type { CartItemDoc } from '@/db/collections/index.ts';
import type { CartItem, CartProductInput } from '../index.ts';
import { lineIdOf } from '../rules.ts';

/**
 * A cart is one `cart_items` collection plus whose lines it holds: the guest cart of this device
 * (never replicated) or a signed-in user's (replicated). Both use the server's document shape, so a
 * guest line becomes a user line by changing only its owner and id.
 */
export interface CartTarget {
  collection: RxCollection<CartItemDoc>;
  userId: string;
}

/** The owner written on guest lines: a uuid no account can have (the column is a uuid). */
export const GUEST_USER_ID = '00000000-0000-0000-0000-000000000000';

export { CART_MAX_QUANTITY };

export const capQuantity = (quantity: number) => Math.min(CART_MAX_QUANTITY, quantity);

export function toCartItem(doc: CartItemDoc): CartItem {
  return {
    id: doc.line_id,
    productId: doc.product_id,
    name: doc.name,
    price: doc.price,
    image: doc.image ?? '',
    quantity: doc.quantity,
    ...(doc.variant ? { variant: doc.variant } : {}),
  };
}

/** Lines in the order they were first added (ties, e.g. imported together, by line id). */
export function orderLines(docs: readonly CartItemDoc[]): CartItem[] {
  return [...docs]
    .sort((a, b) => (a.added_at === b.added_at ? a.line_id.localeCompare(b.line_id) : a.added_at < b.added_at ? -1 : 1))
    .map(toCartItem);
}

/** A new line's document; `addedAt` orders it among the others. */
export function newLineDoc(target: CartTarget, input: CartProductInput & { lineId?: string }, quantity: number, addedAt: number): CartItemDoc {
  const lineId = input.lineId ?? lineIdOf(input);
  const now = new Date().toISOString();
  return {
    id: cartItemId(target.userId, lineId),
    user_id: target.userId,
    line_id: lineId,
    product_id: input.productId,
    variant: input.variant?.trim() || null,
    name: input.name,
    price: input.price,
    image: input.image,
    quantity: capQuantity(quantity),
    added_at: addedAtStamp(addedAt),
    created_at: now,
    updated_at: now,
  };
}

/** RxDB's answer when a document with that primary key already exists (another tab, a racing add). */
export function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && ((error as { code?: string }).code === 'CONFLICT' || (error as { status?: number }).status === 409);
}
