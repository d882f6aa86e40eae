import * as v from 'valibot';

/** public.order_status, in lifecycle order. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// numeric(10,2) columns: PostgREST sends JSON numbers; a decimal string is accepted as well.
const Money = v.pipe(v.union([v.number(), v.pipe(v.string(), v.decimal())]), v.transform(Number), v.finite(), v.minValue(0));
const Text = v.pipe(v.string(), v.trim(), v.minLength(1));

/**
 * One entry of orders.items. place_order writes {product_id, name, quantity, price}; older rows
 * (spec §3: "entries with name or product_name") may carry product_name instead of name.
 */
export const OrderItemSchema = v.pipe(
  v.object({
    product_id: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
    name: v.optional(Text),
    product_name: v.optional(Text),
    quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
    price: Money,
  }),
  v.check((item) => item.name !== undefined || item.product_name !== undefined, 'An order item needs a name'),
  v.transform((item) => ({
    productId: item.product_id ?? null,
    name: (item.name ?? item.product_name)!,
    quantity: item.quantity,
    price: item.price,
  })),
);

/** A row of public.orders as the customer's orders page reads it. */
export const OrderSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid()),
    // The number customers quote (from 100001); absent on a document stored before it existed.
    order_number: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
    status: v.picklist(ORDER_STATUSES),
    items: v.array(OrderItemSchema),
    subtotal: Money,
    tax: Money,
    shipping: Money,
    total: Money,
    created_at: v.pipe(v.string(), v.isoTimestamp()),
    expected_delivery_at: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp()))),
  }),
  v.transform((row) => ({
    id: row.id,
    orderNumber: row.order_number ?? null,
    status: row.status,
    items: row.items,
    subtotal: row.subtotal,
    tax: row.tax,
    shipping: row.shipping,
    total: row.total,
    createdAt: row.created_at,
    expectedDeliveryAt: row.expected_delivery_at ?? null,
  })),
);

export type Order = v.InferOutput<typeof OrderSchema>;
export type OrderItem = v.InferOutput<typeof OrderItemSchema>;
