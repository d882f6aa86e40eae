// The user's devices (read-only here): their names on the cards and the choices of the dialog.
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

/** Oldest first, so "the first device" is the one the user added first. */
export function myDevicesQuery(userId: string | null): MangoQuery<DocOf<'devices'>> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'asc' }, { id: 'asc' }] };
}
