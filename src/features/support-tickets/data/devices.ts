// The customer's own devices on this device (the devices collection, replicated with
// public.devices), read here so a ticket can name one: offered in the create dialog and named
// on the ticket. Read only; the devices feature owns every write.
import type { MangoQuery } from 'rxdb';
import type { Device } from '@/db/collections/devices.ts';
import type { DocOf } from '@/db/react.tsx';

export type { Device };

/** Newest first, as the Devices page lists them. */
export function myDevicesQuery(userId: string | null): MangoQuery<DocOf<'devices'>> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}
