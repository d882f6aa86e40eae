import { v5 as nameBasedUuid } from 'uuid';
import { integer, nullableText, number, text, timestamp, uuid } from './fields.ts';
import { defineTable } from './define.ts';

/** A quantity never exceeds this on the server (a check constraint); merges cap at it too. */
export const CART_MAX_QUANTITY = 99;

export interface CartItemDoc {
  /** A name-based UUID of owner and line key (cartItemId): the same line added on two devices is one row. */
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

/** The namespace of cart line ids; the server's private.cart_item_id uses the same. */
export const CART_LINE_NAMESPACE = '3f8c2d0e-5b7a-4c1e-9a6d-2e4f7b8c9d10';

/**
 * A line's id: a UUID (version 5, SHA-1) of `<owner>:<line key>`. Deterministic, so two devices
 * that add the same line while apart insert the same key; opaque, because Realtime sends a
 * removed row's key to every subscriber of the table (as hosted Supabase does), and the key must
 * not say whose cart it was or which product left it.
 */
export function cartItemId(userId: string, lineId: string): string {
  return nameBasedUuid(`${userId}:${lineId}`, CART_LINE_NAMESPACE);
}

/**
 * A line's added_at: the given millisecond plus random microseconds. mergeInserts tells two
 * devices' inserts of the same line apart by their instants, and two adds made one after the other
 * often share a millisecond (5 in 100 for two guest carts filled in a row, measured); with the
 * microseconds, one in a thousand of those still would. The server keeps microseconds
 * (timestamptz); the lines' order by millisecond is unchanged.
 */
export function addedAtStamp(ms: number, random: () => number = Math.random): string {
  const micros = String(Math.floor(random() * 1000)).padStart(3, '0');
  return new Date(ms).toISOString().replace('Z', `${micros}Z`);
}

/** Microseconds since the epoch of a time stamp as the device writes it ('…123456Z') or the server answers it ('…1234+00:00'). */
function microsOf(iso: string): number {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return Date.parse(iso) * 1000 + Number(fraction.padEnd(6, '0').slice(3, 6));
}

export const cartItems = defineTable<CartItemDoc>({
  name: 'cart_items',
  version: 1,
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
  // Version 1 replaced the readable key (`<owner>:<line key in hex>`) with the opaque one: each
  // stored line, sent or not, is kept under its new key; the replication (whose identifier carries
  // the version) pulls the server's lines again, already re-keyed by migration 20261202000100.
  migrationStrategies: { 1: (doc) => ({ ...doc, id: cartItemId(doc.user_id, doc.line_id) }) },
  push: true,
  label: (doc) => `Cart: ${doc.name ?? 'item'}`,
  fromServer: (row) => ({ ...row, price: Number(row.price) }),
  // The same line added on two devices while apart: both additions count. A repeat of the same
  // insert (its answer was lost) carries the same added_at (compared as instants to the
  // microsecond: the server answers '…+00:00', the device wrote 'Z') and is not counted twice;
  // quantities only grow, so the larger keeps additions made on this device since (or on
  // others, not both).
  // A line removed elsewhere (checkout, another device) and added here by a device that never saw
  // the removal is a new line with this device's quantity; the same insert repeated after a
  // removal stays removed.
  mergeInserts: (mine, theirs, theirsDeleted) => {
    const sameInsert = microsOf(mine.added_at) === microsOf(theirs.added_at);
    if (theirsDeleted) return sameInsert ? null : mine;
    return sameInsert
      ? { ...theirs, quantity: Math.max(theirs.quantity, mine.quantity) }
      : { ...theirs, quantity: Math.min(CART_MAX_QUANTITY, theirs.quantity + mine.quantity) };
  },
});
