// Opening and closing a door: command_door(device, action), online only and never queued. The
// server checks the owner, that the unit is online and that no other command is on its way, and
// gives the unit 10 seconds to acknowledge; the unit then reports the door's movement on the
// device row, which reaches this device through replication.
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';
import type { DoorAction } from '../door.ts';

/** The app gives up waiting for the server's answer after this long (the command may not move the door later than its 10 s deadline either way). */
const SEND_DEADLINE_MS = 5_000;

const SentCommandSchema = v.object({
  command_id: v.pipe(v.string(), v.uuid()),
  action: v.picklist(['open', 'close']),
  expires_at: v.string(),
});
export type SentCommand = v.InferOutput<typeof SentCommandSchema>;

/** A command the server refused or never answered, with the message to show. */
export class DoorCommandError extends Error {
  constructor(message: string, readonly reason: string) {
    super(message);
    this.name = 'DoorCommandError';
  }
}

// The server's refusals carry their reason in `details`; its message is written for people.
const KNOWN_REFUSALS = new Set(['unit_offline', 'unit_unavailable', 'command_pending', 'too_many_commands', 'already_open', 'already_closed']);

export async function sendDoorCommand(deviceId: string, action: DoorAction): Promise<SentCommand> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new DoorCommandError('You are offline. Door commands are sent only while connected, never later.', 'offline');
  }
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .rpc('command_door', { p_device_id: deviceId, p_action: action })
    .abortSignal(AbortSignal.timeout(SEND_DEADLINE_MS));
  if (error) {
    if (KNOWN_REFUSALS.has(error.details ?? '')) throw new DoorCommandError(error.message, error.details!);
    if (error.code === '42501') throw new DoorCommandError('Only the owner of this device can open or close its door.', 'forbidden');
    throw new DoorCommandError('The server did not answer. Check the door before trying again.', 'network');
  }
  const parsed = v.safeParse(SentCommandSchema, data);
  if (!parsed.success) throw new DoorCommandError('The server sent an answer this app does not understand. The door was not moved.', 'malformed');
  return parsed.output;
}
