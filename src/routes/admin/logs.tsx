import { createFileRoute } from '@tanstack/react-router';
import { AccessLogsPage } from '@/features/access-logs';

export const Route = createFileRoute('/admin/logs')({
  head: () => ({ meta: [{ title: 'Access Logs | GarageGuard' }] }),
  component: AccessLogsPage,
});
