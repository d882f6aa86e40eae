import { ThemeIcon } from '@mantine/core';
import { IconBatteryCharging, IconDeviceRemote, IconDoor } from '@tabler/icons-react';

const ICONS = {
  indoor_unit: IconDeviceRemote,
  outdoor_unit: IconDoor,
  backup_battery: IconBatteryCharging,
} as const;

/** The device type as a picture; decorative, since the type is also written next to it. */
export function DeviceTypeIcon({ type }: { type: string }) {
  const Icon = Object.hasOwn(ICONS, type) ? ICONS[type as keyof typeof ICONS] : IconDeviceRemote;
  return (
    <ThemeIcon variant="light" color="blue" size={44} radius="md" aria-hidden="true" data-device-type={type}>
      <Icon size={26} stroke={1.6} />
    </ThemeIcon>
  );
}
