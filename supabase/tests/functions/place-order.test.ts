import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { countRows, createUser, one, type TestUser } from './helpers.ts';

// Products of our own (ids 101+), so the seed's catalogue and stock do not matter.
const FIXTURE = `
insert into public.products (id, name, slug, price, original_price, category, stock, is_active) values
  (101, 'Test Complete System', 'test-complete-system', 299.00, 349.00, 'bundle', 10, true),
  (102, 'Test Battery', 'test-battery', 59.00, null, 'accessories', 30, true),
  (103, 'Test Retired', 'test-retired', 10.00, null, 'accessories', 5, false),
  (104, 'Test Race Item', 'test-race-item', 19.99, null, 'accessories', 5, true),
  (105, 'Test Retry Item', 'test-retry-item', 12.50, null, 'accessories', 3, true),
  (106, 'Test Pair A', 'test-pair-a', 5.00, null, 'accessories', 100, true),
  (107, 'Test Pair B', 'test-pair-b', 7.00, null, 'accessories', 100, true);
`;

const CONTACT = {
  email: 'casey@example.test', first_name: 'Casey', last_name: 'Customer',
  address: '1208 Barton Springs Rd', city: 'Austin', state: 'TX', zip_code: '78704',
};

describeEngines('place_order', (engine) => {
  let t: TestStack;
  let customer: TestUser;
  const stock = async (id: number) => (await one<{ stock: number }>(t, 'select stock from public.products where id = $1', [id])).stock;
  const ordersOf = (userId: string) => countRows(t, 'select 1 from public.orders where user_id = $1', [userId]);

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: FIXTURE });
    customer = await createUser(t);
  });
  afterAll(() => t?.close());

  it('refuses anon callers', async () => {
    const { data, error, status } = await t.client().rpc('place_order', { items: [{ product_id: 102, quantity: 1 }], contact: CONTACT });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
    expect(await stock(102)).toBe(30);
  });

  it('re-prices from the catalogue, ignoring client prices and names, and records the sale', async () => {
    const { data, error } = await customer.client.rpc('place_order', {
      items: [{ product_id: 101, quantity: 2, price: 0.01, name: 'Free stuff' }, { product_id: 102, quantity: 1, price: 1 }],
      contact: CONTACT,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      user_id: customer.id, status: 'processing', subtotal: 657, tax: 65.7, shipping: 0, total: 722.7,
      email: CONTACT.email, shipping_name: 'Casey Customer', shipping_city: 'Austin', shipping_zip: '78704',
    });
    expect(data.items).toEqual([
      { product_id: 101, name: 'Test Complete System', quantity: 2, price: 299 },
      { product_id: 102, name: 'Test Battery', quantity: 1, price: 59 },
    ]);
    expect(await stock(101)).toBe(8);
    expect(await stock(102)).toBe(29);
    const sale = await one<{ transaction_type: string; amount: string; currency: string }>(t,
      'select transaction_type, amount::text, currency from public.financial_transactions where order_id = $1', [data.id]);
    expect(sale).toEqual({ transaction_type: 'sale', amount: '722.70', currency: 'USD' });
    // The customer reads it back through RLS.
    const read = await customer.client.from('orders').select('id, total').eq('id', data.id).single();
    expect(read.data).toEqual({ id: data.id, total: 722.7 });
  });

  it('merges duplicate lines and rounds the total to cents', async () => {
    const { data, error } = await customer.client.rpc('place_order', {
      items: [{ product_id: 104, quantity: 1 }, { product_id: 104, quantity: 2 }], contact: CONTACT,
    });
    expect(error).toBeNull();
    expect(data.items).toEqual([{ product_id: 104, name: 'Test Race Item', quantity: 3, price: 19.99 }]);
    expect(data).toMatchObject({ subtotal: 59.97, tax: 6, total: 65.97 });
    expect(await stock(104)).toBe(2);
    await t.db.query('update public.products set stock = 5 where id = 104');
  });

  const refusals: [string, unknown, unknown, RegExp][] = [
    ['an unknown product', [{ product_id: 9999, quantity: 1 }], CONTACT, /^Product 9999 is not available$/],
    ['an inactive product', [{ product_id: 103, quantity: 1 }], CONTACT, /^Product 103 is not available$/],
    ['more than the stock', [{ product_id: 102, quantity: 1 }, { product_id: 101, quantity: 9 }], CONTACT, /^Insufficient stock for Test Complete System$/],
    ['duplicate lines that together exceed the stock', [{ product_id: 101, quantity: 5 }, { product_id: 101, quantity: 4 }], CONTACT, /^Insufficient stock/],
    ['a zero quantity', [{ product_id: 102, quantity: 0 }], CONTACT, /^Quantity must be a whole number/],
    ['a negative quantity', [{ product_id: 102, quantity: -2 }], CONTACT, /^Quantity must be a whole number/],
    ['a fractional quantity', [{ product_id: 102, quantity: 1.5 }], CONTACT, /^Quantity must be a whole number/],
    ['a quantity given as text', [{ product_id: 102, quantity: '2' }], CONTACT, /^Quantity must be a whole number/],
    ['a missing product id', [{ quantity: 1 }], CONTACT, /^Each cart line needs an integer product_id$/],
    ['an empty cart', [], CONTACT, /^Your cart is empty$/],
    ['a card number', [{ product_id: 102, quantity: 1 }], { ...CONTACT, card_number: '4242424242424242' }, /^Card data must not be sent to the server$/],
    ['a CVV', [{ product_id: 102, quantity: 1 }], { ...CONTACT, cvv: '123' }, /^Card data must not be sent to the server$/],
    ['a camel-case expiry date', [{ product_id: 102, quantity: 1 }], { ...CONTACT, expiryDate: '12/29' }, /^Card data must not be sent to the server$/],
    ['an unknown contact field', [{ product_id: 102, quantity: 1 }], { ...CONTACT, note: 'x' }, /^Unknown contact field: note$/],
    ['a missing contact field', [{ product_id: 102, quantity: 1 }], { ...CONTACT, city: '  ' }, /^Missing contact field: city$/],
    ['an invalid email', [{ product_id: 102, quantity: 1 }], { ...CONTACT, email: 'not-an-email' }, /^Invalid email address$/],
    ['a ZIP code over 20 characters', [{ product_id: 102, quantity: 1 }], { ...CONTACT, zip_code: '1'.repeat(21) }, /^ZIP code must be at most 20/],
    ['no contact at all', [{ product_id: 102, quantity: 1 }], null, /^Contact details are required$/],
  ];
  for (const [what, items, contact, message] of refusals) {
    it(`refuses ${what} with a 400 and changes nothing`, async () => {
      const before = { orders: await ordersOf(customer.id), s101: await stock(101), s102: await stock(102) };
      const { data, error, status } = await customer.client.rpc('place_order', { items, contact });
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe('P0001');
      expect(error?.message).toMatch(message);
      expect({ orders: await ordersOf(customer.id), s101: await stock(101), s102: await stock(102) }).toEqual(before);
    });
  }

  it('gives each order the next order number and an expected delivery 5 days after it was placed', async () => {
    const highest = Number((await one<{ n: string }>(t, 'select max(order_number)::text as n from public.orders')).n);
    const place = () => customer.client.rpc('place_order', { items: [{ product_id: 102, quantity: 1 }], contact: CONTACT });
    const [a, b] = [await place(), await place()];
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect([a.data.order_number, b.data.order_number]).toEqual([highest + 1, highest + 2]);
    for (const o of [a.data, b.data]) {
      expect(new Date(o.expected_delivery_at).getTime() - new Date(o.created_at).getTime()).toBe(5 * 86_400_000);
    }
    // The customer reads them back; the numbers are unique across all orders.
    const read = await customer.client.from('orders').select('order_number, expected_delivery_at').eq('id', a.data.id).single();
    expect(read.data).toEqual({ order_number: a.data.order_number, expected_delivery_at: a.data.expected_delivery_at });
    const dupes = await countRows(t, 'select order_number from public.orders group by 1 having count(*) > 1');
    expect(dupes).toBe(0);
    const unique = await t.db.query('insert into public.orders (user_id, items, subtotal, total, order_number) values ($1, $2, 0, 0, $3)',
      [customer.id, '[]', a.data.order_number]).then(() => 'stored', (e: { code?: string }) => e.code);
    expect(unique).toBe('23505');
  });

  it('names the product and the available stock in the detail of a stock refusal', async () => {
    const { error } = await customer.client.rpc('place_order', { items: [{ product_id: 101, quantity: 50 }], contact: CONTACT });
    expect(error?.details).toBe('product_id=101 requested=50 available=8');
  });

  it('is idempotent: a retried checkout with the same order id returns the same order and charges once', async () => {
    const orderId = randomUUID();
    const call = () => customer.client.rpc('place_order', { items: [{ product_id: 105, quantity: 2 }], contact: CONTACT, p_order_id: orderId });
    const first = await call();
    const second = await call();
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(first.data.id).toBe(orderId);
    expect(second.data).toEqual(first.data);
    expect(await stock(105)).toBe(1);
    expect(await countRows(t, 'select 1 from public.financial_transactions where order_id = $1', [orderId])).toBe(1);
    // Someone else cannot claim (or read) that order id.
    const other = await createUser(t);
    const stolen = await other.client.rpc('place_order', { items: [{ product_id: 102, quantity: 1 }], contact: CONTACT, p_order_id: orderId });
    expect(stolen.status).toBe(409);
    expect(stolen.error?.code).toBe('23505');
  });

  describe('under concurrent checkouts', () => {
    it('never oversells: 20 simultaneous orders for a product with stock 5 sell exactly 5', async () => {
      const buyers = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
        buyers[i % buyers.length]!.client.rpc('place_order', { items: [{ product_id: 104, quantity: 1 }], contact: CONTACT })));
      const ok = results.filter((r) => r.error === null);
      const refused = results.filter((r) => r.error !== null);
      expect(ok).toHaveLength(5);
      expect(refused.map((r) => r.error?.message)).toEqual(Array(15).fill('Insufficient stock for Test Race Item'));
      expect(await stock(104)).toBe(0);
      const sold = await one<{ n: string }>(t, `select coalesce(sum((l->>'quantity')::int), 0)::text as n
        from public.orders o cross join lateral jsonb_array_elements(o.items) l
        where (l->>'product_id')::int = 104 and o.user_id = any($1::uuid[])`, [buyers.map((b) => b.id)]);
      expect(sold.n).toBe('5');
    });

    it('does not deadlock when concurrent carts list the same products in opposite orders', async () => {
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) =>
        customer.client.rpc('place_order', {
          items: i % 2 ? [{ product_id: 106, quantity: 1 }, { product_id: 107, quantity: 1 }] : [{ product_id: 107, quantity: 1 }, { product_id: 106, quantity: 1 }],
          contact: CONTACT,
        })));
      expect(results.map((r) => r.error)).toEqual(Array(12).fill(null));
      expect([await stock(106), await stock(107)]).toEqual([88, 88]);
    });
  });
});
