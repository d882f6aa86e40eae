import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/dashboard/')({
  head: () => ({ meta: [{ title: 'Overview | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Overview">Your devices, active access codes, unread notifications and orders in progress will be summarised here.</AreaPlaceholder>,
});
