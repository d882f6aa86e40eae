/**
 * The catalogue in public.products: the whole entry of each product (gallery, features, variants,
 * long-form content) with shape checks, read anonymously as the shop and the build read it; one
 * price figure (inventory.unit_price, copied to products.price); and public.add_product, Inventory's
 * Add Product, which creates the product and its linked inventory row together (admins only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDetailsUrl, catalogueListUrl } from '../../src/lib/catalogue-api.ts';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

const CONTACT = {
  email: 'catalogue@example.test', first_name: 'Cat', last_name: 'Buyer',
  address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78704',
};

interface NewRow { id: string; product_id: number; sku: string; category: string | null; current_stock: number; unit_price: number }
interface ProductFigures { slug: string; category: string; price: string; stock: number; is_active: boolean; images: string[] }

describeEngines('catalogue in products', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  let support: TestUser;
  let customer: TestUser;

  const product = (id: number) =>
    one<ProductFigures>(t, 'select slug, category, price::text, stock, is_active, images from public.products where id = $1', [id]);
  const addProduct = (u: TestUser, args: Record<string, unknown>) => u.client.rpc('add_product', args).single<NewRow>();
  const anonGet = async (url: string) => {
    const res = await fetch(url, { headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [admin, support, customer] = await Promise.all([createUser(t, 'admin'), createUser(t, 'support'), createUser(t)]);
  });
  afterAll(() => t?.close());

  it("anon reads the seeded catalogue in display order with each product's whole entry", async () => {
    const list = await anonGet(catalogueListUrl(t.url));
    expect(list.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    for (const p of list) {
      expect((p.images as string[]).length).toBeGreaterThan(0);
      expect((p.features as string[]).length).toBeGreaterThanOrEqual(4);
    }
    expect(list[0]!.variants).toEqual([{ name: 'Color', options: ['White', 'Black', 'Gray'] }]);
    const details = await anonGet(catalogueDetailsUrl(t.url));
    expect(details).toHaveLength(4);
    for (const d of details) {
      expect(typeof d.overview).toBe('string');
      expect((d.specifications as unknown[]).length).toBeGreaterThan(0);
      expect((d.installation as Array<{ step: number }>).map((s) => s.step)).toEqual((d.installation as unknown[]).map((_, i) => i + 1));
      expect(d.warranty).toMatchObject({ duration: expect.any(String) });
    }
  });

  describe('shape checks', () => {
    const bad: Array<[string, string]> = [
      ['an image off the app origin', `images = array['https://example.com/x.svg']`],
      ['five images', `images = array['/products/a.svg','/products/b.svg','/products/c.svg','/products/d.svg','/products/e.svg']`],
      ['an empty feature', `features = array['Good', ' ']`],
      ['a variant with one option', `variants = '[{"name":"Color","options":["White"]}]'`],
      ['a spec group without specs', `specifications = '[{"category":"Unit","specs":[]}]'`],
      ['a spec without a value', `specifications = '[{"category":"Unit","specs":[{"name":"Size"}]}]'`],
      ['installation steps out of order', `installation = '[{"step":2,"title":"A","description":"B"}]'`],
      ['a warranty without coverage', `warranty = '{"duration":"1 year","coverage":[],"support":"Mail"}'`],
      ['specifications as an object', `specifications = '{}'`],
      ['an empty overview', `overview = ' '`],
    ];
    for (const [what, set] of bad) {
      it(`refuses ${what}`, async () => {
        await expect(t.db.query(`update public.products set ${set} where id = 4`)).rejects.toThrow(/check constraint/);
      });
    }

    it('accepts a product with none of the content (defaults)', async () => {
      await t.db.query(`insert into public.products (id, name, slug, price, category, stock) values (301, 'Bare', 'bare', 5, 'accessories', 1)`);
      const row = await one<{ images: string[]; features: string[]; variants: unknown; specifications: unknown; overview: null }>(t,
        'select images, features, variants, specifications, overview from public.products where id = 301');
      expect(row).toEqual({ images: [], features: [], variants: [], specifications: [], overview: null });
    });
  });

  describe('add_product (Inventory: Add Product)', () => {
    it('an admin adds a product: the shop product and its inventory row, linked, with one price and stock', async () => {
      const { data, error } = await addProduct(admin, { p_name: 'Garage Door Sensor Pro!', p_sku: 'CT-ADD-001', p_category: 'indoor', p_current_stock: 7, p_minimum_stock: 2, p_unit_price: 45.5 });
      expect(error).toBeNull();
      expect(data).toMatchObject({ sku: 'CT-ADD-001', category: 'indoor', current_stock: 7, unit_price: 45.5 });
      expect(await product(data!.product_id)).toEqual({ slug: 'garage-door-sensor-pro', category: 'indoor', price: '45.50', stock: 7, is_active: true, images: [] });
      const shop = await t.client().from('products').select('id, name').eq('id', data!.product_id);
      expect(shop.data).toEqual([{ id: data!.product_id, name: 'Garage Door Sensor Pro!' }]);
    });

    it('derives a unique slug, maps no category to accessories and keeps a product without a price off sale', async () => {
      const { data, error } = await addProduct(admin, { p_name: 'Garage Door Sensor Pro', p_sku: 'CT-ADD-002' });
      expect(error).toBeNull();
      expect(data!.category).toBeNull();
      expect(await product(data!.product_id)).toMatchObject({ slug: 'garage-door-sensor-pro-2', category: 'accessories', price: '0.00', stock: 0, is_active: false });
      const shop = await t.client().from('products').select('id').eq('id', data!.product_id);
      expect(shop.data).toEqual([]);
    });

    it('a duplicate SKU creates neither row', async () => {
      const before = await one<{ n: number }>(t, 'select count(*)::int as n from public.products');
      const { error } = await addProduct(admin, { p_name: 'Twin', p_sku: 'CT-ADD-001', p_unit_price: 10 });
      expect(error?.code).toBe('23505');
      expect(await one<{ n: number }>(t, 'select count(*)::int as n from public.products')).toEqual(before);
    });

    it('refuses an empty name or SKU and an unknown category', async () => {
      expect((await addProduct(admin, { p_name: ' ', p_sku: 'CT-ADD-009' })).error?.message).toBe('Product name and SKU are required');
      expect((await addProduct(admin, { p_name: 'X', p_sku: '' })).error?.message).toBe('Product name and SKU are required');
      expect((await addProduct(admin, { p_name: 'X', p_sku: 'CT-ADD-010', p_category: 'garden' })).error?.message).toBe('Unknown category: garden');
    });

    it('refuses support, customers and anon', async () => {
      for (const u of [support, customer]) {
        const { error } = await addProduct(u, { p_name: 'Nope', p_sku: 'CT-NOPE', p_unit_price: 1 });
        expect(error?.code).toBe('42501');
        expect(error?.message).toBe('Admin privileges required');
      }
      const anon = await t.client().rpc('add_product', { p_name: 'Nope', p_sku: 'CT-NOPE', p_unit_price: 1 });
      expect(anon.error?.code).toBe('42501');
      expect(await one<{ n: number }>(t, `select count(*)::int as n from public.inventory where sku = 'CT-NOPE'`)).toEqual({ n: 0 });
    });
  });

  describe('one price: inventory.unit_price, copied to products.price', () => {
    it("an admin's price edit in inventory is the shop's price and what place_order charges", async () => {
      const { data: row } = await addProduct(admin, { p_name: 'Priced Item', p_sku: 'CT-PRICE-1', p_category: 'accessories', p_current_stock: 10, p_unit_price: 20 });
      const id = row!.product_id;
      const edit = await admin.client.from('inventory').update({ unit_price: 25.25 }).eq('sku', 'CT-PRICE-1').select('id');
      expect(edit.error).toBeNull();
      const shop = await t.client().from('products').select('price').eq('id', id).single();
      expect(shop.data).toEqual({ price: 25.25 });
      const order = await customer.client.rpc('place_order', { items: [{ product_id: id, quantity: 2, price: 1 }], contact: CONTACT }).single<{ subtotal: number; total: number }>();
      expect(order.error).toBeNull();
      expect(order.data).toMatchObject({ subtotal: 50.5, total: 55.55 });
      expect(await product(id)).toMatchObject({ stock: 8 });
      expect(await one<{ current_stock: number }>(t, `select current_stock from public.inventory where sku = 'CT-PRICE-1'`)).toEqual({ current_stock: 8 });
    });

    it('refuses a products.price that disagrees with inventory, even from an admin or the owner', async () => {
      const { error } = await admin.client.from('products').update({ price: 1 }).eq('id', 1);
      expect(error?.message).toBe('The price of this product is kept in inventory');
      expect(error?.details).toBe('product_id=1 sku=GG-CS-001');
      await expect(t.db.query('update public.products set price = 2 where id = 1')).rejects.toThrow('kept in inventory');
      expect(await product(1)).toMatchObject({ price: '299.00' });
    });

    it('refuses a price of 0 for a product on sale', async () => {
      const edit = await admin.client.from('inventory').update({ unit_price: 0 }).eq('sku', 'GG-BB-004').select('id');
      expect(edit.error?.code).toBe('23514');
      expect(await product(4)).toMatchObject({ price: '59.00' });
    });

    it('support and customers cannot change a price', async () => {
      for (const u of [support, customer]) {
        const edit = await u.client.from('inventory').update({ unit_price: 1 }).eq('sku', 'GG-IU-002').select('id');
        expect(edit.data ?? []).toEqual([]);
        const direct = await u.client.from('products').update({ price: 1 }).eq('id', 2).select('id');
        expect(direct.data ?? []).toEqual([]);
      }
      expect(await product(2)).toMatchObject({ price: '149.00' });
    });
  });

  describe('money is a finite number', () => {
    const NOT_FINITE = ['NaN', 'Infinity', '-Infinity'];

    it('add_product refuses a NaN or infinite price by RPC with 22023, writing nothing', async () => {
      for (const value of NOT_FINITE) {
        for (const [arg, message] of [['p_unit_price', 'Unit price must be a finite number'], ['p_cost_price', 'Cost price must be a finite number']] as const) {
          const r = await addProduct(admin, { p_name: `Odd ${value}`, p_sku: `CT-NAN-${arg}-${value}`, p_unit_price: 10, [arg]: value });
          expect([r.status, r.error?.code, r.error?.message], `${arg}=${value}`).toEqual([400, '22023', message]);
        }
      }
      expect(await one<{ n: number }>(t, `select count(*)::int as n from public.inventory where sku like 'CT-NAN-%'`)).toEqual({ n: 0 });
    });

    it('a NaN or infinite price or amount written over REST is refused by the table', async () => {
      for (const value of NOT_FINITE) {
        const edit = await admin.client.from('inventory').update({ unit_price: value }).eq('sku', 'GG-BB-004').select('id');
        // numeric(10, 2) itself refuses an infinity (22003); the check refuses NaN (23514).
        expect(edit.error?.code, value).toBe(value === 'NaN' ? '23514' : '22003');
        const cost = await admin.client.from('inventory').update({ cost_price: value }).eq('sku', 'GG-BB-004').select('id');
        expect(cost.error?.code, value).toBe(value === 'NaN' ? '23514' : '22003');
      }
      const nan = await admin.client.from('inventory').update({ unit_price: 'NaN' }).eq('sku', 'GG-BB-004').select('id');
      expect(nan.error?.message).toBe('new row for relation "inventory" violates check constraint "inventory_unit_price_is_finite"');
      expect(await product(4)).toMatchObject({ price: '59.00' });
    });

    it('the public catalogue never shows a price that is not a number', async () => {
      const list = await anonGet(catalogueListUrl(t.url));
      for (const p of list) expect(Number.isFinite(Number(p.price)), String(p.price)).toBe(true);
    });

    it('every numeric column of a table (public, private) has a check that it is finite', async () => {
      const columns = await t.db.query<{ col: string }>(`
        select c.table_schema || '.' || c.table_name || '.' || c.column_name as col
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema in ('public', 'private') and c.data_type in ('numeric', 'real', 'double precision')
          and not exists (
            select 1 from pg_constraint k
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
            where k.contype = 'c' and k.conrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
              and a.attname = c.column_name and pg_get_constraintdef(k.oid) like '%NaN%')
        order by 1`);
      expect(columns.rows.map((r) => r.col)).toEqual([]);
    });
  });
});
