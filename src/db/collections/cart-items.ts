import { integer, nullableText, number, text, timestamp, uuid } from './fields.ts';
import { defineTable } from './define.ts';

/** A quantity never exceeds this on the server (a check constraint); merges cap at it too. */
export const CART_MAX_QUANTITY = 99;

export interface CartItemDoc {
  /** `${user_id}:${hex of line_id}`: the same line added on two devices is one row. */
  id: string;
  user_id: string;
  /** The cart's line key: the product id, plus the variant (`1:Color=Black`). */
  line_id: string;
  product_id: number;
  variant: string | null;
  name: string;
  /** For display only: an order's prices are always the server's. */
  price: number;
  image: string | null;
  quantity: number;
  added_at: string;
  created_at: string;
  updated_at: string;
}

function toHex(value: string): string {
  return Array.from(new TextEncoder().encode(value), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function cartItemId(userId: string, lineId: string): string {
  return `${userId}:${toHex(lineId)}`;
}

export const cartItems = defineTable<CartItemDoc>({
  name: 'cart_items',
  version: 0,
  properties: {
    id: { type: 'string', maxLength: 500 },
    user_id: uuid,
    line_id: text(200),
    product_id: integer,
    variant: nullableText(200),
    name: text(200),
    price: number,
    image: nullableText(500),
    quantity: integer,
    added_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'line_id', 'product_id', 'name', 'price', 'quantity', 'added_at', 'created_at', 'updated_at'],
  push: true,
  label: (doc) => `Cart: ${doc.name ?? 'item'}`,
  fromServer: (row) => ({ ...row, price: Number(row.price) }),
  // The same line added on two devices while apart: both additions count. A repeat of the same
  // insert (its answer was lost) carries the same added_at (compared as instants: the server
  // answers '…+00:00', the device wrote 'Z') and is not counted twice; quantities only grow, so
  // the larger keeps additions made on this device since (or on others, not both).
  // A line removed elsewhere (checkout, another device) and added here by a device that never saw
  // the removal is a new line with this device's quantity; the same insert repeated after a
  // removal stays removed.
  mergeInserts: (mine, theirs, theirsDeleted) => {
    const sameInsert = Date.parse(mine.added_at) === Date.parse(theirs.added_at);
    if (theirsDeleted) return sameInsert ? null : mine;
    return sameInsert
      ? { ...theirs, quantity: Math.max(theirs.quantity, mine.quantity) }
      : { ...theirs, quantity: Math.min(CART_MAX_QUANTITY, theirs.quantity + mine.quantity) };
  },
});
