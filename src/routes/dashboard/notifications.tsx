import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/dashboard/notifications')({
  head: () => ({ meta: [{ title: 'Notifications | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Notifications">Order updates, ticket replies and device alerts will appear here.</AreaPlaceholder>,
});
