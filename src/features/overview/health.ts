// The system bars, computed from the user's devices: Connectivity is the share of devices online;
// Device Health the share not in error or maintenance, in a word as well.
import type { DeviceDoc } from './data/devices.ts';

export type HealthWord = 'Excellent' | 'Good' | 'Fair' | 'Poor';

/** Excellent from 90 %, Good from 70 %, Fair from 40 %, else Poor. */
export function healthWord(percent: number): HealthWord {
  if (percent >= 90) return 'Excellent';
  if (percent >= 70) return 'Good';
  if (percent >= 40) return 'Fair';
  return 'Poor';
}

/** A share as a percentage with at most one decimal (2 of 3 → 66.7). */
export function percentOf(part: number, whole: number): number {
  return Math.round((part / whole) * 1000) / 10;
}

export type SystemBars =
  | { devices: 0 }
  | { devices: number; connectivity: number; health: number; healthWord: HealthWord };

/** With no devices there is nothing to measure: no percentages rather than 0 %. */
export function systemBars(devices: readonly Pick<DeviceDoc, 'status'>[]): SystemBars {
  if (devices.length === 0) return { devices: 0 };
  const online = devices.filter((device) => device.status === 'online').length;
  const healthy = devices.filter((device) => device.status !== 'error' && device.status !== 'maintenance').length;
  const health = percentOf(healthy, devices.length);
  return { devices: devices.length, connectivity: percentOf(online, devices.length), health, healthWord: healthWord(health) };
}
