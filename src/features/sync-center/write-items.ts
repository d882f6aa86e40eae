import type { OutboxEntry, PendingWrite } from '@/db/sync/sync-db.ts';

/** A row write and a queued server call, listed together: both are changes not yet on the server. */
export type WriteItem = { kind: 'row'; key: string; entry: PendingWrite } | { kind: 'call'; key: string; entry: OutboxEntry };

/** Failed ones first (they need the user), then oldest first (the order they will be sent in). */
export function writeItems(pending: PendingWrite[], outbox: OutboxEntry[]): WriteItem[] {
  const items: WriteItem[] = [
    ...pending.map((entry) => ({ kind: 'row' as const, key: `row:${entry.key}`, entry })),
    ...outbox.map((entry) => ({ kind: 'call' as const, key: `call:${entry.id}`, entry })),
  ];
  const rank = (item: WriteItem) => (item.entry.state === 'failed' ? 0 : 1);
  return items.sort((a, b) => rank(a) - rank(b) || a.entry.createdAt - b.entry.createdAt);
}

const OPERATIONS: Record<PendingWrite['op'], string> = { insert: 'Added', update: 'Changed', delete: 'Deleted' };

/** "support_messages" → "Support messages". */
function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What kind of change, next to its label: "Changed · Devices", "Request · Helpful vote". */
export function writeKind(item: WriteItem): string {
  if (item.kind === 'row') return `${OPERATIONS[item.entry.op]} · ${humanize(item.entry.collection)}`;
  return `Request · ${humanize(item.entry.kind)}`;
}
