/**
 * The authorization matrix's world: five actors and, per table, named base rows (for the select
 * checks) plus factories for fresh rows (for insert/update/delete checks, so no check depends on
 * another). Every user-owned fresh row belongs to customer A; where a parent row is needed
 * (a device, a ticket) it is customer A's.
 */
import { randomUUID } from 'node:crypto';
import type { TestStack } from '../../../tests/integration/support/stack.ts';
import { createUser } from './actors.ts';
import { cartItemId } from '../../../src/db/collections/cart-items.ts';

export type Actor = 'anon' | 'customerA' | 'customerB' | 'support' | 'admin';
export const ACTORS: Actor[] = ['anon', 'customerA', 'customerB', 'support', 'admin'];

export interface World {
  users: Record<Exclude<Actor, 'anon'>, string>;
  /** Base row name → key value, per table. */
  rows: Record<string, Record<string, string>>;
}

let counter = 0;
/** A fresh, unique, valid access code / suffix. */
export const nextCode = () => (++counter + 100_000 + Math.floor(Math.random() * 1_000_000)).toString(36).toUpperCase().padStart(6, '0').slice(-6);
let productId = 90_000;
export const nextProductId = () => String(++productId);

const id = () => randomUUID();

/** cart_items' id, as the devices build it (a name-based UUID of owner and line key). */
export { cartItemId };

export async function buildWorld(t: TestStack): Promise<World> {
  const users = {
    customerA: await createUser(t, { meta: { first_name: 'Ada', last_name: 'A' } }),
    customerB: await createUser(t, { meta: { first_name: 'Bo', last_name: 'B' } }),
    support: await createUser(t, { role: 'support' }),
    admin: await createUser(t, { role: 'admin' }),
  };
  const { customerA: A, customerB: B, support: S } = users;
  const r: World['rows'] = {
    profiles: { pA: A, pB: B, pS: S, pM: users.admin },
    products: { productActive: nextProductId(), productInactive: nextProductId() },
    inventory: { inventoryItem: id() },
    financial_transactions: { transaction: id() },
    orders: { orderA: id(), orderB: id() },
    devices: { deviceA: id(), deviceB: id() },
    access_permissions: { permissionA: id(), permissionB: id() },
    notifications: { notificationA: id(), notificationB: id() },
    access_logs: { logEntry: id() },
    cms_content: { publishedPage: id(), publishedPost: id(), draftPage: id() },
    support_categories: { activeCategory: id(), inactiveCategory: id() },
    support_tickets: { ticketA: id(), ticketB: id() },
    support_messages: { messageA: id(), staffReplyA: id(), internalNoteA: id(), messageB: id() },
    kb_articles: { publishedArticle: id(), draftArticle: id(), deletedArticle: id() },
    kb_helpful_votes: {},
    newsletter_subscriptions: { subscription: id() },
    cart_items: {},
    device_events: { eventA: id(), eventB: id() },
    door_commands: { commandA: id(), commandB: id() },
  };
  const p = r.products!, c = r.cms_content!, k = r.kb_articles!, m = r.support_messages!;
  // votes are keyed by article: A voted on the published article, B on the deleted one
  r.kb_helpful_votes = { voteA: k.publishedArticle!, voteB: k.deletedArticle! };
  r.cart_items = { lineA: cartItemId(A, p.productActive!), lineB: cartItemId(B, p.productActive!) };
  await t.db.exec(`
    insert into public.products (id, name, slug, price, category, stock, is_active) values
      (${p.productActive}, 'Active', 'active-${p.productActive}', 10, 'accessories', 5, true),
      (${p.productInactive}, 'Inactive', 'inactive-${p.productInactive}', 10, 'accessories', 5, false);
    insert into public.inventory (id, product_name, sku) values ('${r.inventory!.inventoryItem}', 'Item', 'SKU-${nextCode()}');
    insert into public.financial_transactions (id, transaction_type, amount) values ('${r.financial_transactions!.transaction}', 'sale', 10);
    insert into public.orders (id, user_id, items, subtotal, total) values
      ('${r.orders!.orderA}', '${A}', '[]', 0, 0), ('${r.orders!.orderB}', '${B}', '[]', 0, 0);
    insert into public.devices (id, user_id, name) values ('${r.devices!.deviceA}', '${A}', 'A door'), ('${r.devices!.deviceB}', '${B}', 'B door');
    insert into public.access_permissions (id, user_id, device_id, access_code) values
      ('${r.access_permissions!.permissionA}', '${A}', '${r.devices!.deviceA}', '${nextCode()}'),
      ('${r.access_permissions!.permissionB}', '${B}', '${r.devices!.deviceB}', '${nextCode()}');
    insert into public.notifications (id, user_id, type, title) values
      ('${r.notifications!.notificationA}', '${A}', 'system', 'For A'), ('${r.notifications!.notificationB}', '${B}', 'system', 'For B');
    insert into public.access_logs (id, user_id, action) values ('${r.access_logs!.logEntry}', '${A}', 'login');
    insert into public.cms_content (id, title, slug, content_type, content, status) values
      ('${c.publishedPage}', 'Page', 'page-${c.publishedPage}', 'page', 'Body', 'published'),
      ('${c.publishedPost}', 'Post', 'post-${c.publishedPost}', 'blog_post', 'Body', 'published'),
      ('${c.draftPage}', 'Draft', 'draft-${c.draftPage}', 'page', 'Body', 'draft');
    insert into public.support_categories (id, name, is_active) values
      ('${r.support_categories!.activeCategory}', 'Active ${nextCode()}', true),
      ('${r.support_categories!.inactiveCategory}', 'Inactive ${nextCode()}', false);
    insert into public.support_tickets (id, user_id, subject, description, category_id) values
      ('${r.support_tickets!.ticketA}', '${A}', 'A ticket', 'A long enough description', '${r.support_categories!.activeCategory}'),
      ('${r.support_tickets!.ticketB}', '${B}', 'B ticket', 'B long enough description', '${r.support_categories!.activeCategory}');
    insert into public.support_messages (id, ticket_id, user_id, message, is_internal) values
      ('${m.messageA}', '${r.support_tickets!.ticketA}', '${A}', 'Help please', false),
      ('${m.staffReplyA}', '${r.support_tickets!.ticketA}', '${S}', 'On it', false),
      ('${m.internalNoteA}', '${r.support_tickets!.ticketA}', '${S}', 'INTERNAL: customer is grumpy', true),
      ('${m.messageB}', '${r.support_tickets!.ticketB}', '${B}', 'B help', false);
    insert into public.kb_articles (id, title, content, category, is_published, _deleted) values
      ('${k.publishedArticle}', 'Published', 'Published content', 'Security', true, false),
      ('${k.draftArticle}', 'Draft', 'Draft content here', 'Security', false, false),
      ('${k.deletedArticle}', 'Deleted', 'Deleted content here', 'Security', true, true);
    insert into public.kb_helpful_votes (article_id, user_id) values ('${k.publishedArticle}', '${A}'), ('${k.deletedArticle}', '${B}');
    insert into public.cart_items (id, user_id, line_id, product_id, name, price, quantity) values
      ('${r.cart_items!.lineA}', '${A}', '${p.productActive}', ${p.productActive}, 'Active', 10, 1),
      ('${r.cart_items!.lineB}', '${B}', '${p.productActive}', ${p.productActive}, 'Active', 10, 2);
    insert into public.device_events (id, user_id, device_id, kind, previous_status, status) values
      ('${r.device_events!.eventA}', '${A}', '${r.devices!.deviceA}', 'status_changed', 'online', 'error'),
      ('${r.device_events!.eventB}', '${B}', '${r.devices!.deviceB}', 'status_changed', 'online', 'error');
    insert into public.door_commands (id, device_id, user_id, action, expires_at) values
      ('${r.door_commands!.commandA}', '${r.devices!.deviceA}', '${A}', 'open', now() + interval '10 seconds'),
      ('${r.door_commands!.commandB}', '${r.devices!.deviceB}', '${B}', 'close', now() + interval '10 seconds');
    insert into public.newsletter_subscriptions (id, email) values ('${r.newsletter_subscriptions!.subscription}', 'sub-${nextCode().toLowerCase()}@example.test');
  `);
  return { users, rows: r };
}
