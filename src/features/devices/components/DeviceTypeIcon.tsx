import { ThemeIcon } from '@mantine/core';
import { IconBatteryCharging, IconDeviceCctv, IconDeviceRemote } from '@tabler/icons-react';

// The outdoor unit is the camera (160° HD), so it shows a camera, never a door.
const ICONS = {
  indoor_unit: { icon: IconDeviceRemote, name: 'controller' },
  outdoor_unit: { icon: IconDeviceCctv, name: 'camera' },
  backup_battery: { icon: IconBatteryCharging, name: 'battery' },
} as const;

/** The device type as a picture; decorative, since the type is also written next to it. */
export function DeviceTypeIcon({ type }: { type: string }) {
  const { icon: Icon, name } = Object.hasOwn(ICONS, type) ? ICONS[type as keyof typeof ICONS] : ICONS.indoor_unit;
  return (
    <ThemeIcon variant="light" color="blue" size={44} radius="md" aria-hidden="true" data-device-type={type} data-icon={name} data-testid="device-type-icon">
      <Icon size={26} stroke={1.6} />
    </ThemeIcon>
  );
}
