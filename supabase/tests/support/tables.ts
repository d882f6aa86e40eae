/**
 * How the matrix writes to each table: the row an actor inserts (as themselves), a fresh target row
 * for an update or delete (owned by customer A, created by the owner), and the update to try with
 * the owner-side probe that shows whether it landed.
 */
import { randomUUID } from 'node:crypto';
import type { TestStack } from '../../../tests/integration/support/stack.ts';
import { createUser } from './actors.ts';
import { cartItemId, nextCode, nextProductId, type World } from './fixtures.ts';

export interface TableWrites {
  key: string;
  /** The row to insert; `self` is the actor's user id (customer A's id for anon). */
  insert(t: TestStack, w: World, self: string): Promise<{ key: string; row: Record<string, unknown> }>;
  /** Creates a fresh row to update/delete, returns its key. */
  target(t: TestStack, w: World): Promise<string>;
  update(): { values: Record<string, unknown>; probe: string; expect: string };
}

const uuid = () => randomUUID();
const marker = () => `m-${nextCode()}`;

async function ownerInsert(t: TestStack, sql: string): Promise<void> {
  await t.db.exec(sql);
}

/** A fresh published article (owner-made), for votes. */
async function freshArticle(t: TestStack): Promise<string> {
  const id = uuid();
  await ownerInsert(t, `insert into public.kb_articles (id, title, content, category, is_published) values ('${id}', 'T', 'Some content', 'FAQs', true)`);
  return id;
}

export function tableWrites(): Record<string, TableWrites> {
  return {
    profiles: {
      key: 'user_id',
      async insert(t) {
        const id = await createUser(t);
        await t.db.query('delete from public.profiles where user_id = $1', [id]);
        return { key: id, row: { user_id: id, first_name: 'Sneaky', role: 'customer' } };
      },
      async target(_t, w) {
        return w.users.customerA;
      },
      update: (m = marker()) => ({ values: { first_name: m }, probe: 'first_name', expect: m }),
    },
    products: {
      key: 'id',
      async insert() {
        const id = nextProductId();
        return { key: id, row: { id: Number(id), name: 'New', slug: `new-${id}`, price: 5, category: 'accessories', stock: 1 } };
      },
      async target(t) {
        const id = nextProductId();
        await ownerInsert(t, `insert into public.products (id, name, slug, price, category, stock) values (${id}, 'T', 't-${id}', 5, 'indoor', 1)`);
        return id;
      },
      update: (m = marker()) => ({ values: { description: m }, probe: 'description', expect: m }),
    },
    inventory: {
      key: 'id',
      async insert() {
        const id = uuid();
        return { key: id, row: { id, product_name: 'New', sku: `SKU-${nextCode()}` } };
      },
      async target(t) {
        const id = uuid();
        await ownerInsert(t, `insert into public.inventory (id, product_name, sku) values ('${id}', 'T', 'SKU-${nextCode()}')`);
        return id;
      },
      update: (m = marker()) => ({ values: { supplier: m }, probe: 'supplier', expect: m }),
    },
    financial_transactions: {
      key: 'id',
      async insert() {
        const id = uuid();
        return { key: id, row: { id, transaction_type: 'expense', amount: 3 } };
      },
      async target(t) {
        const id = uuid();
        await ownerInsert(t, `insert into public.financial_transactions (id, transaction_type, amount) values ('${id}', 'sale', 1)`);
        return id;
      },
      update: (m = marker()) => ({ values: { description: m }, probe: 'description', expect: m }),
    },
    orders: {
      key: 'id',
      async insert(_t, _w, self) {
        const id = uuid();
        return { key: id, row: { id, user_id: self, items: [], subtotal: 0, total: 0 } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.orders (id, user_id, items, subtotal, total) values ('${id}', '${w.users.customerA}', '[]', 0, 0)`);
        return id;
      },
      update: () => ({ values: { status: 'shipped' }, probe: 'status::text', expect: 'shipped' }),
    },
    devices: {
      key: 'id',
      async insert(_t, _w, self) {
        const id = uuid();
        return { key: id, row: { id, user_id: self, name: 'Mine' } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.devices (id, user_id, name) values ('${id}', '${w.users.customerA}', 'T')`);
        return id;
      },
      update: (m = marker()) => ({ values: { name: m }, probe: 'name', expect: m }),
    },
    access_permissions: {
      key: 'id',
      async insert(_t, w, self) {
        const id = uuid();
        return { key: id, row: { id, user_id: self, device_id: w.rows.devices!.deviceA, access_code: nextCode() } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.access_permissions (id, user_id, device_id, access_code)
          values ('${id}', '${w.users.customerA}', '${w.rows.devices!.deviceA}', '${nextCode()}')`);
        return id;
      },
      update: (m = marker()) => ({ values: { granted_to_name: m }, probe: 'granted_to_name', expect: m }),
    },
    notifications: {
      key: 'id',
      async insert(_t, _w, self) {
        const id = uuid();
        return { key: id, row: { id, user_id: self, type: 'system', title: 'Forged' } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.notifications (id, user_id, type, title) values ('${id}', '${w.users.customerA}', 'system', 'T')`);
        return id;
      },
      update: () => ({ values: { is_read: true }, probe: 'is_read::text', expect: 'true' }),
    },
    access_logs: {
      key: 'id',
      async insert(_t, _w, self) {
        const id = uuid();
        return { key: id, row: { id, user_id: self, action: 'forged' } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.access_logs (id, user_id, action) values ('${id}', '${w.users.customerA}', 'login')`);
        return id;
      },
      update: (m = marker()) => ({ values: { resource: m }, probe: 'resource', expect: m }),
    },
    cms_content: {
      key: 'id',
      async insert() {
        const id = uuid();
        return { key: id, row: { id, title: 'New', slug: `new-${id}`, content: 'Body', content_type: 'blog_post' } };
      },
      async target(t) {
        const id = uuid();
        await ownerInsert(t, `insert into public.cms_content (id, title, slug, content, status) values ('${id}', 'T', 't-${id}', 'Body', 'published')`);
        return id;
      },
      update: (m = marker()) => ({ values: { title: m }, probe: 'title', expect: m }),
    },
    support_categories: {
      key: 'id',
      async insert() {
        const id = uuid();
        return { key: id, row: { id, name: `New ${id}` } };
      },
      async target(t) {
        const id = uuid();
        await ownerInsert(t, `insert into public.support_categories (id, name) values ('${id}', 'T ${id}')`);
        return id;
      },
      update: (m = marker()) => ({ values: { name: m }, probe: 'name', expect: m }),
    },
    support_tickets: {
      key: 'id',
      async insert(_t, w, self) {
        const id = uuid();
        const category_id = w.rows.support_categories!.activeCategory;
        return { key: id, row: { id, user_id: self, subject: 'Help', description: 'Door will not open', category_id, priority: 'high' } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.support_tickets (id, user_id, subject, description, category_id)
          values ('${id}', '${w.users.customerA}', 'T', 'A description', '${w.rows.support_categories!.activeCategory}')`);
        return id;
      },
      update: () => ({ values: { status: 'in_progress' }, probe: 'status::text', expect: 'in_progress' }),
    },
    support_messages: {
      key: 'id',
      async insert(_t, w, self) {
        const id = uuid();
        return { key: id, row: { id, ticket_id: w.rows.support_tickets!.ticketA, user_id: self, message: 'Hello', is_internal: false } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.support_messages (id, ticket_id, user_id, message)
          values ('${id}', '${w.rows.support_tickets!.ticketA}', '${w.users.customerA}', 'T')`);
        return id;
      },
      update: (m = marker()) => ({ values: { message: m }, probe: 'message', expect: m }),
    },
    kb_articles: {
      key: 'id',
      async insert(_t, _w, self) {
        const id = uuid();
        return { key: id, row: { id, title: 'New', content: 'Long enough content', category: 'FAQs', author_id: self } };
      },
      async target(t) {
        return freshArticle(t);
      },
      update: (m = marker()) => ({ values: { title: m }, probe: 'title', expect: m }),
    },
    kb_helpful_votes: {
      key: 'article_id',
      async insert(t, _w, self) {
        const article = await freshArticle(t);
        return { key: article, row: { article_id: article, user_id: self } };
      },
      async target(t, w) {
        const article = await freshArticle(t);
        await ownerInsert(t, `insert into public.kb_helpful_votes (article_id, user_id) values ('${article}', '${w.users.customerA}')`);
        return article;
      },
      update: () => ({ values: { created_at: '2020-01-01T00:00:00Z' }, probe: 'extract(year from created_at)::int::text', expect: '2020' }),
    },
    cart_items: {
      key: 'id',
      async insert(_t, w, self) {
        const product = w.rows.products!.productActive!;
        const line = `${product}:Color=${nextCode()}`;
        return { key: cartItemId(self, line), row: { id: cartItemId(self, line), user_id: self, line_id: line, product_id: Number(product), name: 'Active', price: 10, quantity: 1 } };
      },
      async target(t, w) {
        const product = w.rows.products!.productActive!;
        const line = `${product}:Color=${nextCode()}`;
        const key = cartItemId(w.users.customerA, line);
        await ownerInsert(t, `insert into public.cart_items (id, user_id, line_id, product_id, name, price, quantity)
          values ('${key}', '${w.users.customerA}', '${line}', ${product}, 'T', 10, 1)`);
        return key;
      },
      update: () => ({ values: { quantity: 7 }, probe: 'quantity::text', expect: '7' }),
    },
    device_events: {
      key: 'id',
      async insert(_t, w, self) {
        const id = uuid();
        return { key: id, row: { id, user_id: self, device_id: w.rows.devices!.deviceA, kind: 'code_redeemed', access_code: 'FORGED' } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.device_events (id, user_id, device_id, kind, access_code)
          values ('${id}', '${w.users.customerA}', '${w.rows.devices!.deviceA}', 'code_redeemed', 'K7M2QX')`);
        return id;
      },
      update: () => ({ values: { kind: 'code_refused', detail: 'Forged' }, probe: 'kind', expect: 'code_refused' }),
    },
    door_commands: {
      key: 'id',
      async insert(_t, w, self) {
        const id = uuid();
        return { key: id, row: { id, device_id: w.rows.devices!.deviceA, user_id: self, action: 'open', expires_at: new Date(Date.now() + 10_000).toISOString() } };
      },
      async target(t, w) {
        const id = uuid();
        await ownerInsert(t, `insert into public.door_commands (id, device_id, user_id, action, expires_at)
          values ('${id}', '${w.rows.devices!.deviceA}', '${w.users.customerA}', 'open', now() + interval '10 seconds')`);
        return id;
      },
      update: () => ({ values: { status: 'acknowledged' }, probe: 'status', expect: 'acknowledged' }),
    },
    newsletter_subscriptions: {
      key: 'id',
      async insert() {
        const id = uuid();
        return { key: id, row: { id, email: `New-${id}@Example.test`, name: 'N', source: 'landing' } };
      },
      async target(t) {
        const id = uuid();
        await ownerInsert(t, `insert into public.newsletter_subscriptions (id, email) values ('${id}', 't-${id}@example.test')`);
        return id;
      },
      update: (m = marker()) => ({ values: { name: m }, probe: 'name', expect: m }),
    },
  };
}
