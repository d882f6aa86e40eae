import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

// One stock figure: inventory.current_stock of the row linked to a product. place_order lowers it,
// products.stock (what the shop reads anonymously) is its copy in the same transaction, and
// mission_control reads inventory. Products and rows of our own (ids 201+), next to the seed's.
const FIXTURE = `
insert into public.products (id, name, slug, price, category, stock) values
  (201, 'Stock Race Item', 'stock-race-item', 20, 'accessories', 0),
  (202, 'Stock Edit Item', 'stock-edit-item', 30, 'accessories', 0),
  (203, 'Stock Mixed Item', 'stock-mixed-item', 40, 'accessories', 0);
insert into public.inventory (product_id, product_name, sku, category, current_stock, minimum_stock, unit_price) values
  (201, 'Stock Race Item', 'ST-RACE-201', 'accessories', 5, 2, 20),
  (202, 'Stock Edit Item', 'ST-EDIT-202', 'accessories', 12, 2, 30),
  (203, 'Stock Mixed Item', 'ST-MIX-203', 'accessories', 200, 2, 40);
`;

const CONTACT = {
  email: 'stock@example.test', first_name: 'Stock', last_name: 'Buyer',
  address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78704',
};

interface Figures { inventory: number; product: number }

describeEngines('one stock figure (inventory.current_stock)', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  let support: TestUser;
  let customer: TestUser;

  const figures = async (productId: number): Promise<Figures> =>
    one<Figures>(t, `select i.current_stock as inventory, p.stock as product
      from public.inventory i join public.products p on p.id = i.product_id where p.id = $1`, [productId]);
  /** The shop's read: anonymous REST on products. */
  const shopStock = async (productId: number) => {
    const { data, error } = await t.client().from('products').select('stock').eq('id', productId).single();
    expect(error).toBeNull();
    return data!.stock as number;
  };
  const order = (u: TestUser, productId: number, quantity: number) =>
    u.client.rpc('place_order', { items: [{ product_id: productId, quantity }], contact: CONTACT });

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: FIXTURE });
    [admin, support, customer] = await Promise.all([createUser(t, 'admin'), createUser(t, 'support'), createUser(t)]);
  });
  afterAll(() => t?.close());

  it('the seeded catalogue has one inventory row per product, with the same stock', async () => {
    const r = await t.db.query<{ id: number; stock: number; current_stock: number | null }>(
      `select p.id, p.stock, i.current_stock from public.products p
       left join public.inventory i on i.product_id = p.id where p.id between 1 and 4 order by p.id`);
    expect(r.rows).toHaveLength(4);
    for (const row of r.rows) expect(row.current_stock).toBe(row.stock);
  });

  it('an order lowers the inventory row, the shop and Mission Control by the same amount', async () => {
    const report = async () => {
      const { data, error } = await admin.client.rpc('mission_control');
      expect(error).toBeNull();
      return (data as { inventory: { total_units: number } }).inventory.total_units;
    };
    const unitsBefore = await report();
    expect(await figures(202)).toEqual({ inventory: 12, product: 12 });
    const { error } = await order(customer, 202, 3);
    expect(error).toBeNull();
    expect(await figures(202)).toEqual({ inventory: 9, product: 9 });
    expect(await shopStock(202)).toBe(9);
    expect(await report()).toBe(unitsBefore - 3);
  });

  it('refuses an order above the inventory figure and changes nothing', async () => {
    const before = await figures(202);
    const { error } = await order(customer, 202, before.inventory + 1);
    expect(error?.message).toBe('Insufficient stock for Stock Edit Item');
    expect(error?.details).toBe(`product_id=202 requested=${before.inventory + 1} available=${before.inventory}`);
    expect(await figures(202)).toEqual(before);
  });

  it('never oversells: 20 simultaneous orders for a stock of 5 sell exactly 5', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => order(buyers[i % buyers.length]!, 201, 1)));
    expect(results.filter((r) => r.error === null)).toHaveLength(5);
    expect(results.filter((r) => r.error !== null).map((r) => r.error?.message)).toEqual(Array(15).fill('Insufficient stock for Stock Race Item'));
    expect(await figures(201)).toEqual({ inventory: 0, product: 0 });
    expect(await shopStock(201)).toBe(0);
  });

  it("orders racing an admin's stock edits neither deadlock nor drift", async () => {
    const orders = Array.from({ length: 10 }, () => order(customer, 203, 1));
    const edits = [150, 120, 90].map((stock) => admin.client.from('inventory').update({ current_stock: stock }).eq('sku', 'ST-MIX-203').select('id'));
    const results = await Promise.all([...orders, ...edits]);
    expect(results.map((r) => r.error)).toEqual(Array(13).fill(null));
    const after = await figures(203);
    expect(after.product).toBe(after.inventory);
    expect(after.inventory).toBeLessThanOrEqual(150);
  });

  describe('editing stock and price (admin only)', () => {
    it('an admin edits stock and price in inventory; the shop reads the new stock', async () => {
      const { data, error } = await admin.client.from('inventory')
        .update({ current_stock: 33, unit_price: 31.5 }).eq('sku', 'ST-EDIT-202').select('current_stock, unit_price');
      expect(error).toBeNull();
      expect(data).toEqual([{ current_stock: 33, unit_price: 31.5 }]);
      expect(await figures(202)).toEqual({ inventory: 33, product: 33 });
      expect(await shopStock(202)).toBe(33);
    });

    it('an admin adds an item with a name and SKU; numbers default as the table says', async () => {
      const { data, error } = await admin.client.from('inventory')
        .insert({ product_name: 'Spare Remote', sku: 'ST-NEW-900' }).select('current_stock, minimum_stock, unit_price, cost_price').single();
      expect(error).toBeNull();
      expect(data).toEqual({ current_stock: 0, minimum_stock: 0, unit_price: 0, cost_price: null });
    });

    it('refuses a direct write of products.stock that disagrees with inventory, even from an admin', async () => {
      const { error } = await admin.client.from('products').update({ stock: 500 }).eq('id', 202);
      expect(error?.message).toBe('The stock of this product is kept in inventory');
      expect(error?.details).toBe('product_id=202 sku=ST-EDIT-202');
      expect(await figures(202)).toEqual({ inventory: 33, product: 33 });
      // The owner is refused as well: the rule is the schema's, not a policy.
      await expect(t.db.query('update public.products set stock = 1 where id = 202')).rejects.toThrow('kept in inventory');
    });

    for (const role of ['support', 'customer'] as const) {
      it(`refuses ${role}: no read, no stock or price edit, no insert`, async () => {
        const u = role === 'support' ? support : customer;
        const read = await u.client.from('inventory').select('id');
        expect(read.error).toBeNull();
        expect(read.data).toEqual([]);
        const edit = await u.client.from('inventory').update({ current_stock: 999, unit_price: 1 }).eq('sku', 'ST-EDIT-202').select('id');
        expect(edit.error).toBeNull();
        expect(edit.data).toEqual([]);
        const insert = await u.client.from('inventory').insert({ product_name: 'Nope', sku: `ST-NOPE-${role}` });
        expect(insert.error?.code).toBe('42501');
        const product = await u.client.from('products').update({ stock: 999 }).eq('id', 202).select('id');
        expect(product.data ?? []).toEqual([]);
        expect(await figures(202)).toEqual({ inventory: 33, product: 33 });
        const price = await one<{ unit_price: string }>(t, `select unit_price::text from public.inventory where sku = 'ST-EDIT-202'`);
        expect(price.unit_price).toBe('31.50');
      });
    }

    it('refuses anon', async () => {
      const edit = await t.client().from('inventory').update({ current_stock: 999 }).eq('sku', 'ST-EDIT-202').select('id');
      expect(edit.data ?? []).toEqual([]);
      expect(await figures(202)).toEqual({ inventory: 33, product: 33 });
    });
  });
});
