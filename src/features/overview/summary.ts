// The overview's numbers, computed from the user's own data on the device (never sample values).
import type { AccessCodeDoc } from './data/access-codes.ts';
import { COUNTED_CODE_TYPES } from './data/access-codes.ts';
import type { DeviceDoc } from './data/devices.ts';
import { accessState } from '@/lib/access-state.ts';

type CodeFields = Pick<AccessCodeDoc, 'permission_type' | 'is_active' | 'expires_at' | 'max_usage' | 'usage_count'>;

/** A code opens the door while it is not revoked, not past its expiry and under its usage limit. */
export function isCodeUsable(code: CodeFields, now: number): boolean {
  return accessState(code, now) === 'active';
}

/** Active Access Codes: guest and delivery codes that are active, unexpired and under their limit. */
export function countActiveCodes(codes: readonly CodeFields[], now: number): number {
  const counted: readonly string[] = COUNTED_CODE_TYPES;
  return codes.filter((code) => counted.includes(code.permission_type) && isCodeUsable(code, now)).length;
}

export interface DeviceCounts {
  online: number;
  total: number;
}

/** Active Devices: the devices online, out of all the user's devices. */
export function countDevices(devices: readonly Pick<DeviceDoc, 'status'>[]): DeviceCounts {
  return { online: devices.filter((device) => device.status === 'online').length, total: devices.length };
}

/** "3 of 5 devices online" ("1 of 1 device online"). */
export function devicesOnlineText({ online, total }: DeviceCounts): string {
  return `${online} of ${total} ${total === 1 ? 'device' : 'devices'} online`;
}
