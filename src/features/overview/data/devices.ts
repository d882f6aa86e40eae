// The signed-in user's devices on this device's database (replicated from public.devices): the
// Active Devices card, the system bars and the device names of the recent activity.
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export type DeviceDoc = DocOf<'devices'>;

export function myDevicesQuery(userId: string | null): MangoQuery<DeviceDoc> {
  return { selector: { user_id: userId ?? '' } };
}
