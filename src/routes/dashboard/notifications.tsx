import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '@/features/notifications/screens.ts';

export const Route = createFileRoute('/dashboard/notifications')({
  head: () => ({ meta: [{ title: 'Notifications | GarageGuard' }] }),
  component: NotificationsPage,
});
