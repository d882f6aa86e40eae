import { createFileRoute } from '@tanstack/react-router';
import { SupportDashboardPage } from '@/features/support-staff';

export const Route = createFileRoute('/support/dashboard/')({
  head: () => ({ meta: [{ title: 'Support Dashboard | GarageGuard' }] }),
  component: SupportDashboardPage,
});
