// How an access log reads: its action in words, its user by name and its resource by what the
// resource is called ("Ticket “Door won't close”"), never by a uuid. The raw codes stay in the
// CSV and, as a second line, in the details panel.
import type { AccessLog } from './data/access-logs.ts';

/** Each action the system writes, as words; an action not listed here shows as written. */
export const ACTION_LABELS: Record<string, string> = {
  login: 'Sign-in',
  login_failed: 'Failed sign-in',
  'ticket.status': 'Ticket status changed',
  'ticket.assign': 'Ticket assigned',
  'kb_article.create': 'Article created',
  'kb_article.update': 'Article updated',
  'kb_article.delete': 'Article deleted',
  'cms.create': 'Content created',
  'cms.update': 'Content updated',
  'cms.delete': 'Content deleted',
  'inventory.create': 'Inventory item added',
  'inventory.update': 'Inventory item updated',
  'inventory.delete': 'Inventory item deleted',
  'product.create': 'Product added',
  'product.update': 'Product updated',
  'product.delete': 'Product deleted',
  'financial.create': 'Transaction recorded',
  'financial.update': 'Transaction updated',
  'financial.delete': 'Transaction deleted',
  'support_category.create': 'Support category added',
  'support_category.update': 'Support category updated',
  'support_category.delete': 'Support category deleted',
  'order.status': 'Order status changed',
  'profile.role': 'Role changed',
  'report.export': 'Report exported',
  'access_code.redeem': 'Access code used',
};

export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  // Door commands are 'door.' + the command the unit was sent ('door.open').
  if (action.startsWith('door.')) return `Door command: ${action.slice(5).replaceAll('_', ' ')}`;
  return action;
}

/** The commands a garage unit accepts; a door command's log is 'door.' + the command. */
const DOOR_ACTIONS = ['door.open', 'door.close'];

/**
 * The action codes whose words contain the search text, ignoring case ('failed sign' →
 * login_failed, 'sign-in' → login and login_failed): the database matches the codes, the page
 * shows the words, so the search asks for the codes an admin's words stand for.
 */
export function actionsLabelled(search: string): string[] {
  const text = search.trim().toLowerCase();
  if (!text) return [];
  return [...Object.keys(ACTION_LABELS), ...DOOR_ACTIONS].filter((code) => actionLabel(code).toLowerCase().includes(text));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text);

/**
 * The tables a log's resource ('<table>/<key>') can name, with the column that names a row and the
 * words for a row this viewer cannot read (row level security) or that no longer exists.
 */
export const RESOURCE_TABLES = {
  support_tickets: { column: 'subject', key: 'id', noun: 'Ticket', unknown: 'A support ticket' },
  kb_articles: { column: 'title', key: 'id', noun: 'Article', unknown: 'A knowledge-base article' },
  cms_content: { column: 'title', key: 'id', noun: 'Content', unknown: 'A content page' },
  orders: { column: 'order_number', key: 'id', noun: 'Order', unknown: 'An order' },
  devices: { column: 'name', key: 'id', noun: 'Device', unknown: 'A garage unit' },
  inventory: { column: 'product_name', key: 'id', noun: 'Inventory item', unknown: 'An inventory item' },
  products: { column: 'name', key: 'id', noun: 'Product', unknown: 'A product' },
  financial_transactions: { column: 'description', key: 'id', noun: 'Transaction', unknown: 'A transaction' },
  profiles: { column: null, key: 'user_id', noun: 'User', unknown: 'A user' },
} as const;
export type ResourceTable = keyof typeof RESOURCE_TABLES;

/** The table and key a resource names, when it names a row of a table above. */
export function resourceRef(resource: string | null): { table: ResourceTable; key: string } | null {
  const slash = resource?.indexOf('/') ?? -1;
  if (!resource || slash < 0) return null;
  const table = resource.slice(0, slash);
  if (!(table in RESOURCE_TABLES)) return null;
  return { table: table as ResourceTable, key: resource.slice(slash + 1) };
}

/** What the database knows the page's users and rows as: user id → name, '<table>/<key>' → label. */
export interface LogNames {
  users: Record<string, { name: string | null; email: string | null }>;
  resources: Record<string, string>;
}
export const NO_NAMES: LogNames = { users: {}, resources: {} };

const words = (code: string) => code.replaceAll(/[_-]+/g, ' ');

/** A user as a person reads them: name, else e-mail, else 'Unknown user' (never the id). */
export function userLabel(userId: string | null, names: LogNames): string | null {
  if (!userId) return null;
  const user = names.users[userId];
  return user?.name ?? user?.email ?? 'Unknown user';
}

/** The resource in words. */
export function resourceLabel(resource: string | null, names: LogNames): string {
  if (!resource) return '—';
  if (resource.startsWith('auth/')) return resource.slice(5); // a sign-in's e-mail address
  if (resource === 'access_logs') return 'Access logs';
  if (resource.startsWith('financial/')) return `Financial report, ${words(resource.slice(10))}`;
  const ref = resourceRef(resource);
  if (!ref) return resource;
  const spec = RESOURCE_TABLES[ref.table];
  if (ref.table === 'profiles') return userLabel(ref.key, names) ?? spec.unknown;
  const name = names.resources[resource];
  if (name !== undefined) return ref.table === 'orders' ? `Order #${name}` : `${spec.noun} “${name}”`;
  // Keys that are words already (a SKU, a seeded transaction's slug) read as they are.
  return isUuid(ref.key) || ref.key === '' ? spec.unknown : `${spec.noun} ${ref.key}`;
}

/** The user ids and table rows a set of logs names, for one lookup each. */
export function namesToFetch(logs: readonly Pick<AccessLog, 'user_id' | 'resource'>[]): { users: string[]; rows: Partial<Record<ResourceTable, string[]>> } {
  const users = new Set<string>();
  const rows: Partial<Record<ResourceTable, Set<string>>> = {};
  for (const log of logs) {
    if (log.user_id) users.add(log.user_id);
    const ref = resourceRef(log.resource);
    if (!ref) continue;
    if (ref.table === 'profiles') {
      if (isUuid(ref.key)) users.add(ref.key);
    } else if (ref.table === 'products' ? /^\d+$/.test(ref.key) : isUuid(ref.key)) {
      (rows[ref.table] ??= new Set()).add(ref.key);
    }
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return { users: sorted(users), rows: Object.fromEntries(Object.entries(rows).map(([table, keys]) => [table, sorted(keys)])) };
}
