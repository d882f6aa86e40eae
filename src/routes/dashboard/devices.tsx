import { createFileRoute } from '@tanstack/react-router';
import { DevicesPage } from '@/features/devices';

export const Route = createFileRoute('/dashboard/devices')({
  head: () => ({ meta: [{ title: 'Device Management | GarageGuard' }] }),
  component: DevicesPage,
});
