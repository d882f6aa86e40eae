/**
 * `npm run units`: the simulated garage units alone, against a running stack (`npm run stack`, or
 * a hosted project's URL and keys in SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY).
 * Type `<device id> <command>` (online, offline, error, maintenance, obstruct, `keypad <code>`, or
 * `pair <email> <secret>` with a credential the app issued) to tell one unit what to do; `list` shows them. UNIT_TRAVEL_MS and UNIT_HEARTBEAT_MS shorten the door's travel
 * and the heartbeat for demos.
 */
import { createInterface } from 'node:readline';
import { DEFAULT_JWT_SECRET, demoKey } from '../supabase/local/keys.ts';
import { startFleet, UNIT_COMMANDS, type UnitCommand } from './fleet.ts';

const url = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
const timing = {
  ...(process.env.UNIT_TRAVEL_MS ? { travelMs: Number(process.env.UNIT_TRAVEL_MS) } : {}),
  ...(process.env.UNIT_HEARTBEAT_MS ? { heartbeatMs: Number(process.env.UNIT_HEARTBEAT_MS) } : {}),
};
const fleet = await startFleet({
  url,
  anonKey: process.env.SUPABASE_ANON_KEY ?? demoKey('anon', DEFAULT_JWT_SECRET),
  serviceRoleKey: process.env.SUPABASE_SERVICE_ROLE_KEY ?? demoKey('service_role', DEFAULT_JWT_SECRET),
  timing,
});
console.log(`[units] ${fleet.units().length} units against ${url}. Commands: list | <device id> ${UNIT_COMMANDS.join('|')}`);

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const [deviceId, command, first, second] = line.trim().split(/\s+/);
  if (deviceId === 'list') return console.table(fleet.units());
  if (!deviceId || !command || !(UNIT_COMMANDS as readonly string[]).includes(command)) return console.log(`usage: <device id> ${UNIT_COMMANDS.join('|')}`);
  const args = command === 'pair' ? { email: first, secret: second } : { code: first };
  fleet.command(deviceId, command as UnitCommand, args).then(
    (answer) => {
      if (answer !== undefined) console.log(answer);
      console.table(fleet.units().filter((u) => u.device_id === deviceId));
    },
    (error: Error) => console.log(error.message),
  );
});
const shutdown = () => void fleet.stop().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
