// Pairing a garage unit: pair_unit(device) gives the unit a credential of its own (an Auth login
// and a secret, returned once and stored nowhere the app can read again) and revokes any earlier
// one; unpair_unit(device) revokes it. Online only: the secret comes from the server.
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';

const ANSWER_DEADLINE_MS = 10_000;

const CredentialSchema = v.object({
  device_id: v.pipe(v.string(), v.uuid()),
  email: v.pipe(v.string(), v.email()),
  secret: v.pipe(v.string(), v.minLength(16)),
});
export type UnitCredential = v.InferOutput<typeof CredentialSchema>;

/** Why pairing or unpairing failed, said for people. */
export class PairingError extends Error {
  override name = 'PairingError';
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function failure(error: { code?: string }): PairingError {
  if (error.code === '42501') return new PairingError('Only the owner of this device can pair or unpair its unit.');
  return new PairingError('The server did not answer. Try again when the connection is better.');
}

export async function pairUnit(deviceId: string): Promise<UnitCredential> {
  if (offline()) throw new PairingError('You are offline. Pairing needs a connection.');
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('pair_unit', { p_device_id: deviceId }).abortSignal(AbortSignal.timeout(ANSWER_DEADLINE_MS));
  if (error) throw failure(error);
  const parsed = v.safeParse(CredentialSchema, data);
  if (!parsed.success) throw new PairingError('The server sent an answer this app does not understand.');
  return parsed.output;
}

export async function unpairUnit(deviceId: string): Promise<void> {
  if (offline()) throw new PairingError('You are offline. Unpairing needs a connection.');
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('unpair_unit', { p_device_id: deviceId }).abortSignal(AbortSignal.timeout(ANSWER_DEADLINE_MS));
  if (error) throw failure(error);
}
