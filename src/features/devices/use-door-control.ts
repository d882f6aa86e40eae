import { useEffect, useState } from 'react';
import type { Device } from '@/db/collections/devices.ts';
import { DoorCommandError, sendDoorCommand } from './data/door-commands.ts';
import { doorActionFor, type DoorAction } from './door.ts';

/** The unit has this long to acknowledge (the server's deadline), plus a second for the report to arrive. */
export const ACK_WAIT_MS = 11_000;

export type DoorControlPhase =
  | { phase: 'idle' }
  | { phase: 'sending'; action: DoorAction }
  | { phase: 'waiting'; action: DoorAction; since: string | null | undefined }
  | { phase: 'failed'; message: string; since: string | null | undefined };

const NOT_ANSWERED = 'The unit did not answer within 10 seconds, so the door did not move. Try again.';

/**
 * One door's command in flight: sending it, then waiting for the unit to report the door moving
 * (its door_state_at changes on the live device row), or telling the user it did not answer in
 * time. Nothing is retried: a door must never move long after the tap. A failure shows until the
 * door next changes or the user tries again.
 */
export function useDoorControl(device: Device): { state: DoorControlPhase; send: () => Promise<void>; action: DoorAction } {
  const [stored, setState] = useState<DoorControlPhase>({ phase: 'idle' });
  const action = doorActionFor(device.door_state);
  // The unit reported a new door state since: the command was carried out (or overtaken).
  const moved = (stored.phase === 'waiting' || stored.phase === 'failed') && device.door_state_at !== stored.since;
  const state: DoorControlPhase = moved ? { phase: 'idle' } : stored;

  const waiting = state.phase === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const since = device.door_state_at;
    const timer = setTimeout(() => setState({ phase: 'failed', message: NOT_ANSWERED, since }), ACK_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, device.door_state_at]);

  const send = async () => {
    if (state.phase === 'sending' || state.phase === 'waiting') return;
    const since = device.door_state_at;
    setState({ phase: 'sending', action });
    try {
      await sendDoorCommand(device.id, action);
      setState({ phase: 'waiting', action, since });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof DoorCommandError ? error.message : 'The command could not be sent. Try again.', since });
    }
  };
  return { state, send, action };
}
