// The user's access permissions, in the access_permissions collection on this device (replicated
// with public.access_permissions). Writes are local first: a new code exists at once, offline too,
// and reaches the server by replication; RLS lets a customer write only codes of their own devices.
import type { MangoQuery } from 'rxdb';
import type { AccessPermission } from '@/db/collections/index.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';
import { generateAccessCode } from '../code.ts';
import type { NewPermission } from '../schemas.ts';

/** Newest first; the id breaks ties. Soft-deleted rows are never in the collection's results. */
export function myPermissionsQuery(userId: string | null): MangoQuery<DocOf<'access_permissions'>> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}

function collection(db: AppDatabase | null) {
  const permissions = db?.access_permissions;
  if (!permissions) throw new Error('The data on this device is not open');
  return permissions;
}

/** Stores a new active code for one of the user's devices and returns it (e.g. 'K7M2QX'). */
export async function createAccessPermission(db: AppDatabase | null, userId: string, values: NewPermission, code = generateAccessCode()): Promise<AccessPermission> {
  const now = new Date().toISOString();
  const doc: AccessPermission = {
    id: crypto.randomUUID(),
    user_id: userId,
    ...values,
    access_code: code,
    usage_count: 0,
    is_active: true,
    created_at: now,
    updated_at: now,
  };
  await collection(db).insert(doc);
  return doc;
}

/** Revokes a code: is_active becomes false (the row stays, with its history). */
export async function revokeAccessPermission(db: AppDatabase | null, id: string): Promise<void> {
  const doc = await collection(db).findOne(id).exec();
  if (!doc) throw new Error('This access permission is no longer on this device');
  await doc.incrementalPatch({ is_active: false, updated_at: new Date().toISOString() });
}
