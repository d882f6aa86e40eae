import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { act } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { CollectionName, Order } from '@/db/collections/index.ts';
import { createAppDatabase, dexieStorage, type AppDatabase } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';

let counter = 0;

/**
 * A user's real RxDB database (Dexie over its own fake-indexeddb), without replication: what the
 * hooks read is the local database only, so these tests need no server.
 */
export async function userDatabase(userId: string, collections: readonly CollectionName[] = ['orders']): Promise<UserData & { db: AppDatabase }> {
  const storage = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
  const db: AppDatabase = await createAppDatabase({ name: `unit-${++counter}`, storage, collections, multiInstance: false });
  return { db, userId, close: () => db.close().then(() => undefined) } as unknown as UserData & { db: AppDatabase };
}

/** Publishes a database as the app's data layer does once it has opened. */
export function publish(data: UserData): void {
  act(() => userDataStore.setState({ userId: data.userId, status: 'ready', data, error: null, retry: null }));
}

export function resetUserData(): void {
  userDataStore.setState(IDLE_USER_DATA);
}

/** After a page test: no toast left over, the published database closed, the store idle. */
export async function closePublished(): Promise<void> {
  act(() => notifications.clean());
  const db = userDataStore.getState().data?.db;
  resetUserData();
  await db?.close();
}

export function order(userId: string, over: Partial<Order> = {}): Order {
  const at = over.created_at ?? '2026-11-21T10:00:00.000Z';
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    status: 'processing',
    items: [{ product_id: 4, name: 'Backup Battery Pack', quantity: 2, price: 59 }],
    subtotal: 118,
    tax: 11.8,
    shipping: 0,
    total: 129.8,
    email: null,
    shipping_name: null,
    shipping_address: null,
    shipping_city: null,
    shipping_state: null,
    shipping_zip: null,
    created_at: at,
    updated_at: at,
    ...over,
  };
}
