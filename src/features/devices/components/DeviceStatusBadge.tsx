import type { ComponentProps } from 'react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import type { Device } from '../data/devices.ts';
import { useShownStatus } from '../use-shown-status.ts';

type Props = Omit<ComponentProps<typeof StatusBadge>, 'kind' | 'status'> & { device: Device };

/** A device's status as the app shows it: a unit gone silent reads offline (door.ts shownStatus). */
export function DeviceStatusBadge({ device, ...props }: Props) {
  return <StatusBadge kind="device" status={useShownStatus(device)} {...props} />;
}
