// What happened at the signed-in user's devices (public.device_events, written only by the
// server: codes created, revoked, used or refused at the door, status changes): the recent activity.
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export type DeviceEventDoc = DocOf<'device_events'>;

/** The newest `limit` events, newest first (the id breaks ties). */
export function myRecentDeviceEventsQuery(userId: string | null, limit: number): MangoQuery<DeviceEventDoc> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }], limit };
}
