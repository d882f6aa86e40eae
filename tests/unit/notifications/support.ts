import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { AppNotification, CollectionName } from '@/db/collections/index.ts';
import { createAppDatabase, dexieStorage } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';

let counter = 0;

/** A user's real RxDB database with the given collections (Dexie over its own fake-indexeddb), no replication. */
export async function databaseWith(userId: string, collections: readonly CollectionName[]): Promise<UserData> {
  const storage = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
  const db = await createAppDatabase({ name: `unit-notifications-${++counter}`, storage, collections, multiInstance: false });
  return { db, userId, close: () => db.close().then(() => undefined) } as unknown as UserData;
}

export function notification(userId: string, over: Partial<AppNotification> = {}): AppNotification {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    type: 'order_status',
    title: 'Order status updated',
    body: 'Your order #100042 is now Shipped.',
    link: '/dashboard/orders',
    is_read: false,
    created_at: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}
