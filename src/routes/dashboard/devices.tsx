import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/dashboard/devices')({
  head: () => ({ meta: [{ title: 'Device Management | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Device Management">Your GarageGuard indoor and outdoor units will be listed here, with their status and settings.</AreaPlaceholder>,
});
