/**
 * Every paired garage unit of the local stack, simulated (`npm start` runs it beside the app;
 * `npm run units` alone against a running stack). A factory or installer back end pairs each
 * indoor and outdoor unit with the service role (pair_unit), as a customer's app would when
 * adding one; from then on each unit uses only its own credential (unit.ts). Devices are looked up
 * again every few seconds, so a device added in the app gets its unit, and a removed one loses it
 * (the server revokes the credential; the unit notices at its next call).
 *
 * Units of devices last reported offline stay powered off until told otherwise; the others report
 * the status they last had (a unit in maintenance stays in maintenance).
 */
import { nodeClient, SimulatedUnit, type DoorState, type UnitCredential, type UnitStatus, type UnitTiming } from './unit.ts';

export interface FleetOptions {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  timing?: Partial<UnitTiming>;
  /** How often to look for added and removed devices. */
  pollMs?: number;
  log?: (line: string) => void;
}

interface DeviceRow {
  id: string;
  name: string;
  device_type: 'indoor_unit' | 'outdoor_unit';
  status: UnitStatus;
  firmware_version: string | null;
  last_seen: string | null;
  door_state: DoorState | null;
}

export const UNIT_COMMANDS = ['online', 'offline', 'error', 'maintenance', 'obstruct', 'keypad', 'pair'] as const;
export type UnitCommand = (typeof UNIT_COMMANDS)[number];

/** What a command needs besides its name: the code typed on the keypad; the credential entered on the unit's setup screen. */
export interface CommandArgs {
  code?: string;
  email?: string;
  secret?: string;
}

export interface Fleet {
  units(): { device_id: string; name: string; kind: string; online: boolean; status: UnitStatus; door: DoorState }[];
  /**
   * A developer's command to one unit: power it on or off, report an error or maintenance, obstruct
   * its door, type `code` on its keypad, or enter a credential the owner's app issued (pair).
   */
  command(deviceId: string, command: UnitCommand, args?: CommandArgs): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const log = options.log ?? ((line: string) => console.log(`[units] ${line}`));
  const admin = nodeClient(options.url, options.serviceRoleKey, false);
  const units = new Map<string, { unit: SimulatedUnit; name: string; device: DeviceRow }>();
  let stopped = false;

  const unitFor = (device: DeviceRow, credential: UnitCredential) =>
    new SimulatedUnit({
      url: options.url,
      anonKey: options.anonKey,
      credential,
      kind: device.device_type,
      firmware: device.firmware_version ?? '2.5.0',
      status: device.status === 'offline' ? 'online' : device.status,
      door: device.door_state ?? 'closed',
      ...(options.timing ? { timing: options.timing } : {}),
      log,
    });

  const pair = async (device: DeviceRow): Promise<SimulatedUnit> => {
    const { data, error } = await admin.rpc('pair_unit', { p_device_id: device.id });
    if (error) throw new Error(`pairing ${device.name} failed: ${error.message}`);
    return unitFor(device, data as UnitCredential);
  };

  const sync = async () => {
    const { data, error } = await admin
      .from('devices')
      .select('id, name, device_type, status, firmware_version, last_seen, door_state')
      .in('device_type', ['indoor_unit', 'outdoor_unit'])
      .eq('_deleted', false);
    if (error) return log(`could not list devices: ${error.message}`);
    const present = new Set((data as DeviceRow[]).map((d) => d.id));
    for (const [id, { unit, name }] of units) {
      if (!present.has(id)) {
        units.delete(id);
        await unit.stop(false);
        log(`${name}: removed, unit unpaired`);
      }
    }
    for (const device of data as DeviceRow[]) {
      if (stopped || units.has(device.id)) continue;
      try {
        const unit = await pair(device);
        units.set(device.id, { unit, name: device.name, device });
        // Never seen (just added) or last seen alive: power on. Seen, then offline: stays off.
        if (device.status !== 'offline' || device.last_seen === null) await unit.start();
        log(`${device.name}: paired${unit.online ? ', online' : ', powered off'}`);
      } catch (error) {
        log((error as Error).message);
      }
    }
  };

  await sync();
  const timer = setInterval(() => void sync(), options.pollMs ?? 5_000);

  return {
    units: () =>
      [...units.values()].map(({ unit, name }) => ({ device_id: unit.deviceId, name, kind: unit.kind, online: unit.online, status: unit.status, door: unit.door })),
    async command(deviceId, command, args = {}) {
      const entry = units.get(deviceId);
      if (!entry) throw new Error('No simulated unit for this device');
      const { unit } = entry;
      if (command === 'pair') {
        // The credential from the owner's app, entered on the unit: it replaces the unit's own
        // (which the new pairing has revoked) and the unit powers on with it.
        if (!args.email || !args.secret) throw new Error('pair needs the email and secret the app showed');
        await unit.stop(false);
        const paired = unitFor(entry.device, { device_id: deviceId, email: args.email, secret: args.secret });
        units.set(deviceId, { ...entry, unit: paired });
        await paired.start();
        return undefined;
      }
      if (command === 'offline') return unit.stop();
      if (command === 'obstruct') return unit.obstruct();
      if (command === 'keypad') {
        if (!unit.online) throw new Error('The unit is powered off');
        return unit.keypad(args.code ?? '');
      }
      if (!unit.online) await unit.start();
      await unit.setStatus(command);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...units.values()].map(({ unit }) => unit.stop(false)));
    },
  };
}
