import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { act } from '@testing-library/react';
import type { AccessPermission, Device, DeviceEvent } from '@/db/collections/index.ts';
import { createAppDatabase, dexieStorage, type AppDatabase } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';

export const USER_ID = '00000000-0000-4000-8000-000000000001';
export const DEVICE_ID = '20000000-0000-4000-8000-000000000001';
let counter = 0;

/** The user's real RxDB database over its own fake-indexeddb, published as the app's data layer. */
export async function openUserDatabase(): Promise<AppDatabase> {
  const storage = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
  const db = await createAppDatabase({ name: `access-${++counter}`, storage, collections: ['access_permissions', 'devices', 'device_events', 'orders'], multiInstance: false });
  const data = { db, userId: USER_ID, close: () => db.close().then(() => undefined) } as unknown as UserData;
  act(() => userDataStore.setState({ userId: USER_ID, status: 'ready', data, error: null, retry: null }));
  return db;
}

export async function closeUserDatabase(db: AppDatabase | undefined): Promise<void> {
  userDataStore.setState(IDLE_USER_DATA);
  await db?.close();
}

const AT = '2026-11-01T10:00:00.000Z';

export function device(over: Partial<Device> = {}): Device {
  return { id: DEVICE_ID, user_id: USER_ID, name: 'Main Garage Door', device_type: 'indoor_unit', location: null, serial_number: null, status: 'online', firmware_version: null, last_seen: null, created_at: AT, updated_at: AT, ...over };
}

export function permission(over: Partial<AccessPermission> = {}): AccessPermission {
  return {
    id: crypto.randomUUID(),
    user_id: USER_ID,
    device_id: DEVICE_ID,
    permission_type: 'guest',
    access_code: 'K7M2QX',
    granted_to_name: 'Dana',
    granted_to_email: null,
    expires_at: null,
    max_usage: null,
    usage_count: 0,
    is_active: true,
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

export function doorEvent(over: Partial<DeviceEvent> = {}): DeviceEvent {
  return { id: crypto.randomUUID(), user_id: USER_ID, device_id: DEVICE_ID, permission_id: null, kind: 'code_redeemed', access_code: null, detail: null, previous_status: null, status: null, created_at: AT, ...over };
}
