/**
 * The app's own data modules (catalogue commerce, place_order, my orders) against the real local
 * stack, through the app's single supabase-js client, signed in as the demo customer. My orders
 * come from the orders collection on the device, opened as the app opens it (src/app/data/open.ts:
 * Dexie over fake-indexeddb here, replication with the client's token and its Realtime).
 */
import 'fake-indexeddb/auto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import type { CheckoutValues } from '@/features/checkout';
import type { SupabaseClient } from '@/lib/load-supabase.ts';
import type { UserData } from '@/db/session.ts';
import type { Order } from '@/features/orders';

// supabase-js's realtime client needs a WebSocket; Node 20 has none.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const PASSWORD = 'garage-demo-2026';
const CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';
const values: CheckoutValues = {
  email: 'customer@example.com',
  firstName: 'Casey',
  lastName: 'Morales',
  address: '1208 Barton Springs Rd',
  city: 'Austin',
  state: 'TX',
  zipCode: '78704',
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/29',
  cvv: '123',
  nameOnCard: 'Casey Morales',
};

let t: TestStack;
let supabase: SupabaseClient;
// Imported after the env points at the test stack: src/lib/supabase.ts reads it once, at import.
let app: {
  fetchLiveCatalogue: typeof import('@/features/catalogue/data/products-remote.ts').fetchLiveCatalogue;
  placeOrder: typeof import('@/features/checkout/data/place-order.ts').placeOrder;
  orders: typeof import('@/features/orders/data/orders.ts');
  openForUser: typeof import('@/app/data/open.ts').openForUser;
  removeForUser: typeof import('@/app/data/open.ts').removeForUser;
};
let data: UserData | undefined;

/** The orders page's query on the device's database, parsed as the page shows them. */
async function myOrders(): Promise<Order[]> {
  const docs = await data!.db.orders!.find(app.orders.myOrdersQuery(CUSTOMER_ID)).exec();
  return app.orders.toOrders(docs.map((doc) => doc.toJSON()));
}
/** Waits for replication (Realtime, or the pull of syncNow) to bring the device to `expected`. */
async function myOrdersWhen(check: (orders: Order[]) => boolean, what: string): Promise<Order[]> {
  const end = Date.now() + 10_000;
  for (;;) {
    const orders = await myOrders();
    if (check(orders)) return orders;
    if (Date.now() > end) throw new Error(`orders on the device: ${what} not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const stockOf = async (id: number) => (await app.fetchLiveCatalogue()).get(id)?.stock;
const uuid = () => crypto.randomUUID();

describe('app data modules on the local stack [pglite]', () => {
  beforeAll(async () => {
    t = await startTestStack({ engine: 'pglite' });
    vi.stubEnv('VITE_SUPABASE_URL', t.url);
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', t.anonKey);
    supabase = await (await import('@/lib/load-supabase.ts')).loadSupabase();
    app = {
      fetchLiveCatalogue: (await import('@/features/catalogue/data/products-remote.ts')).fetchLiveCatalogue,
      placeOrder: (await import('@/features/checkout/data/place-order.ts')).placeOrder,
      orders: await import('@/features/orders/data/orders.ts'),
      ...(await import('@/app/data/open.ts')),
    };
  });
  afterAll(async () => {
    await data?.close();
    await app?.removeForUser(CUSTOMER_ID);
    await supabase?.auth.signOut({ scope: 'local' });
    supabase?.auth.stopAutoRefresh();
    vi.unstubAllEnvs();
    await t?.close();
  });

  it('reads the live price and stock of the seeded catalogue as a visitor', async () => {
    const live = await app.fetchLiveCatalogue();
    expect([...live.keys()]).toEqual([1, 2, 3, 4]);
    expect(live.get(1)).toMatchObject({ price: 299, originalPrice: 349, stock: 15, rating: 4.9, reviewCount: 1247, isActive: true });
    expect(live.get(4)).toMatchObject({ price: 59, stock: 30, rating: 4.6, reviewCount: 234, isActive: true });
  });

  it('refuses to place an order while signed out', async () => {
    await expect(app.placeOrder([{ productId: 4, quantity: 1 }], values, uuid())).rejects.toMatchObject({
      name: 'CheckoutError',
      failure: { kind: 'auth' },
    });
  });

  describe('signed in as customer@example.com', () => {
    beforeAll(async () => {
      const { error } = await supabase.auth.signInWithPassword({ email: 'customer@example.com', password: PASSWORD });
      expect(error).toBeNull();
      data = await app.openForUser(CUSTOMER_ID);
      await data.syncNow();
    });

    it('lists only the customer\'s own seeded orders, newest first, parsed', async () => {
      const orders = await myOrders();
      expect(orders.map((o) => o.id.slice(0, 8))).toEqual(['60000000', '60000000', '60000000', '60000000', '60000000']);
      expect(orders.map((o) => o.id.at(-1))).toEqual(['5', '4', '3', '2', '1']);
      expect(orders[0]).toMatchObject({
        status: 'processing',
        items: [{ productId: 4, name: 'Backup Battery Pack', quantity: 2, price: 59 }],
        subtotal: 118,
        tax: 11.8,
        shipping: 0,
        total: 129.8,
      });
      const customer2 = await t.db.query<{ n: number }>(`select count(*)::int as n from public.orders where user_id <> $1`, [CUSTOMER_ID]);
      expect(customer2.rows[0]!.n).toBeGreaterThan(0);
    });

    it('places an order: stock goes down, the server prices it, and it is listed first', async () => {
      const before = { battery: await stockOf(4), solar: await stockOf(3) };
      const id = uuid();
      const order = await app.placeOrder([{ productId: 4, quantity: 2 }, { productId: 3, quantity: 1 }], values, id);
      expect(order).toMatchObject({ id, subtotal: 197, tax: 19.7, shipping: 0, total: 216.7 });
      expect(await stockOf(4)).toBe(before.battery! - 2);
      expect(await stockOf(3)).toBe(before.solar! - 1);
      // Live: no syncNow here, the Realtime change brings it.
      const [latest] = await myOrdersWhen((orders) => orders[0]?.id === id, 'the new order first');
      expect(latest).toMatchObject({ id, status: 'processing', total: 216.7 });
      expect(latest!.items).toEqual([
        { productId: 3, name: 'Solar Panel Kit', quantity: 1, price: 79 },
        { productId: 4, name: 'Backup Battery Pack', quantity: 2, price: 59 },
      ]);
      const stored = await t.db.query<{ email: string; shipping_name: string; shipping_zip: string }>(
        `select email, shipping_name, shipping_zip from public.orders where id = $1`, [id],
      );
      expect(stored.rows[0]).toEqual({ email: 'customer@example.com', shipping_name: 'Casey Morales', shipping_zip: '78704' });
    });

    it('retrying with the same order id returns the same order and charges once', async () => {
      const before = await stockOf(2);
      const id = uuid();
      const first = await app.placeOrder([{ productId: 2, quantity: 1 }], values, id);
      const retry = await app.placeOrder([{ productId: 2, quantity: 1 }], values, id);
      expect(retry).toEqual(first);
      expect(await stockOf(2)).toBe(before! - 1);
      await data!.syncNow();
      expect((await myOrdersWhen((orders) => orders.some((o) => o.id === id), 'the order')).filter((o) => o.id === id)).toHaveLength(1);
      const sales = await t.db.query<{ n: number }>(`select count(*)::int as n from public.financial_transactions where order_id = $1`, [id]);
      expect(sales.rows[0]!.n).toBe(1);
    });

    it('over the stock: names the product and what is left, and changes nothing', async () => {
      const before = await stockOf(1);
      await data!.syncNow();
      const ordersBefore = (await myOrders()).length;
      const id = uuid();
      const failure = await app.placeOrder([{ productId: 1, quantity: before! + 1 }], values, id).catch((e: unknown) => e);
      expect(failure).toMatchObject({
        name: 'CheckoutError',
        failure: {
          kind: 'stock',
          message: `Only ${before} of Complete System left in stock. Lower the quantity in your cart to ${before} or fewer and try again.`,
        },
      });
      expect(await stockOf(1)).toBe(before);
      await data!.syncNow();
      expect(await myOrders()).toHaveLength(ordersBefore);
    });
  });
});
