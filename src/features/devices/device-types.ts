import { statusLabel } from '@/lib/status.ts';
import type { DeviceType } from './schemas.ts';

/** How each device type reads on screen, in the order the type selector lists them. */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  indoor_unit: 'Indoor Unit',
  outdoor_unit: 'Outdoor Unit',
  backup_battery: 'Backup Battery',
};

/** A type from a newer server still gets a readable label ("solar_panel" → "Solar Panel"). */
export function deviceTypeLabel(type: string): string {
  return Object.hasOwn(DEVICE_TYPE_LABELS, type) ? DEVICE_TYPE_LABELS[type as DeviceType] : statusLabel(type);
}
