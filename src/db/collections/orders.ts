import { enumText, nullableInteger, nullableText, nullableTimestamp, number, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

export interface OrderLine {
  product_id: number;
  name: string;
  quantity: number;
  price: number;
}

export interface Order {
  id: string;
  /** The number customers quote ('Order #100042'); absent only on documents stored before version 1 until their next pull. */
  order_number?: number | null;
  user_id: string;
  status: (typeof ORDER_STATUSES)[number];
  items: OrderLine[];
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  email: string | null;
  shipping_name: string | null;
  shipping_address: string | null;
  shipping_city: string | null;
  shipping_state: string | null;
  shipping_zip: string | null;
  /** When the order is expected at the door (set by place_order; staff may move it). */
  expected_delivery_at?: string | null;
  created_at: string;
  updated_at: string;
}

// Orders are written only by the place_order function, so this collection is pulled and never
// pushed, which is what lets `items` be an array here (the push's update guard needs flat fields).
export const orders = defineTable<Order>({
  name: 'orders',
  version: 1,
  properties: {
    id: uuidKey,
    order_number: nullableInteger,
    user_id: uuid,
    status: enumText,
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { product_id: { type: 'integer' }, name: text(200), quantity: { type: 'integer' }, price: number },
      },
    },
    subtotal: number,
    tax: number,
    shipping: number,
    total: number,
    email: nullableText(320),
    shipping_name: nullableText(200),
    shipping_address: nullableText(300),
    shipping_city: nullableText(100),
    shipping_state: nullableText(100),
    shipping_zip: nullableText(20),
    expected_delivery_at: nullableTimestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'status', 'items', 'subtotal', 'tax', 'shipping', 'total', 'created_at', 'updated_at'],
  // Version 1 added order_number and expected_delivery_at: stored orders are kept as they are, and
  // the replication (whose identifier carries the version) pulls every order again with them.
  migrationStrategies: { 1: (doc) => doc },
  push: false,
  label: (doc) => `Order ${doc.order_number ?? doc.id?.slice(0, 8) ?? ''}`.trim(),
  // numeric(10,2) arrives as a JSON number from PostgREST; keep it a number even if a proxy sends text.
  fromServer: (row) => ({
    ...row,
    subtotal: Number(row.subtotal),
    tax: Number(row.tax),
    shipping: Number(row.shipping),
    total: Number(row.total),
  }),
});
