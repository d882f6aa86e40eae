import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { act } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Device, DeviceEvent } from '@/db/collections/index.ts';
import { createAppDatabase, type AppDatabase } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';

let counter = 0;

/** A user's real RxDB database (devices and their events, over fake-indexeddb), without replication. */
export async function devicesDatabase(userId: string): Promise<UserData & { db: AppDatabase }> {
  const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
  const db = await createAppDatabase({ name: `devices-unit-${++counter}`, storage, collections: ['devices', 'device_events'], multiInstance: false });
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

export function device(userId: string, over: Partial<Device> = {}): Device {
  const at = over.created_at ?? '2026-11-21T10:00:00.000Z';
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    name: 'Main Garage Door',
    device_type: 'indoor_unit',
    location: 'Garage',
    serial_number: 'GG-IN-0001',
    status: 'online',
    firmware_version: '2.1.0',
    last_seen: null,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

export function deviceEvent(userId: string, deviceId: string, over: Partial<DeviceEvent> = {}): DeviceEvent {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    device_id: deviceId,
    permission_id: null,
    kind: 'code_redeemed',
    access_code: 'K7M2QX',
    detail: null,
    previous_status: null,
    status: null,
    created_at: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}
