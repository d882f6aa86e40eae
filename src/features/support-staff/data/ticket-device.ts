// The device a customer named on a ticket, for the staff's Manage dialog. Staff may read a
// device only while a ticket names it (RLS "Support staff can read devices named on tickets"),
// so it is not replicated to the staff's database: a ticket that names an older device would
// never arrive through a checkpointed pull. Instead one read, then a Realtime postgres_changes
// subscription on that one row keeps it live (status, firmware, last seen set by the server).
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';

const TicketDeviceSchema = v.object({
  id: v.string(),
  name: v.string(),
  device_type: v.string(),
  status: v.string(),
  firmware_version: v.nullable(v.string()),
  last_seen: v.nullable(v.string()),
});
export type TicketDevice = v.InferOutput<typeof TicketDeviceSchema>;

const COLUMNS = 'id,name,device_type,status,firmware_version,last_seen';

/** The device, or null when staff may not (or no longer) read it. */
export async function fetchTicketDevice(deviceId: string): Promise<TicketDevice | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('devices').select(COLUMNS).eq('id', deviceId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? v.parse(TicketDeviceSchema, data) : null;
}

/** Calls `onChange` with the row each time the server changes it; returns the unsubscribe. */
export async function watchTicketDevice(deviceId: string, onChange: (device: TicketDevice) => void): Promise<() => void> {
  const supabase = await loadSupabase();
  const channel = supabase
    .channel(`ticket-device:${deviceId}`)
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'devices', filter: `id=eq.${deviceId}` }, (change) => {
      const parsed = v.safeParse(TicketDeviceSchema, change.new);
      if (parsed.success) onChange(parsed.output);
    })
    .subscribe();
  return () => void supabase.removeChannel(channel);
}
