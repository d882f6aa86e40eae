import { enumText, nullableText, number, text, timestamp, uuid, uuidKey } from './fields.ts';
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
  created_at: string;
  updated_at: string;
}

// Orders are written only by the place_order function, so this collection is pulled and never
// pushed, which is what lets `items` be an array here (the push's update guard needs flat fields).
export const orders = defineTable<Order>({
  name: 'orders',
  version: 0,
  properties: {
    id: uuidKey,
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
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'status', 'items', 'subtotal', 'tax', 'shipping', 'total', 'created_at', 'updated_at'],
  push: false,
  label: (doc) => `Order ${doc.id?.slice(0, 8) ?? ''}`.trim(),
  // numeric(10,2) arrives as a JSON number from PostgREST; keep it a number even if a proxy sends text.
  fromServer: (row) => ({
    ...row,
    subtotal: Number(row.subtotal),
    tax: Number(row.tax),
    shipping: Number(row.shipping),
    total: Number(row.total),
  }),
});
