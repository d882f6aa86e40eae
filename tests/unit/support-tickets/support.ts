import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { act } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { SupportCategory, SupportMessage, SupportTicket } from '@/db/collections/index.ts';
import { createAppDatabase, type AppDatabase } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';

let counter = 0;

/** A user's real RxDB database (categories, tickets, messages over fake-indexeddb), without replication. */
export async function ticketsDatabase(userId: string): Promise<UserData & { db: AppDatabase }> {
  const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
  const db = await createAppDatabase({
    name: `tickets-unit-${++counter}`,
    storage,
    collections: ['support_categories', 'support_tickets', 'support_messages'],
    multiInstance: false,
  });
  return { db, userId, close: () => db.close().then(() => undefined) } as unknown as UserData & { db: AppDatabase };
}

export function publish(data: UserData): void {
  act(() => userDataStore.setState({ userId: data.userId, status: 'ready', data, error: null, retry: null }));
}

export async function reset(): Promise<void> {
  act(() => notifications.clean());
  const db = userDataStore.getState().data?.db;
  userDataStore.setState(IDLE_USER_DATA);
  await db?.close();
}

export function category(over: Partial<SupportCategory> = {}): SupportCategory {
  return { id: crypto.randomUUID(), name: 'Technical Support', is_active: true, created_at: '2026-11-01T00:00:00.000Z', ...over };
}

export function ticket(userId: string, categoryId: string, over: Partial<SupportTicket> = {}): SupportTicket {
  const at = over.created_at ?? '2026-11-21T10:00:00.000Z';
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    subject: 'Door stops halfway',
    description: 'The door stops halfway up and reverses.',
    category_id: categoryId,
    priority: 'medium',
    status: 'open',
    assigned_to: null,
    resolved_at: null,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

export function supportMessage(userId: string, ticketId: string, over: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id: crypto.randomUUID(),
    ticket_id: ticketId,
    user_id: userId,
    message: 'Hello',
    is_internal: false,
    author_name: null,
    created_at: '2026-11-21T11:00:00.000Z',
    ...over,
  };
}
