import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/admin/logs')({
  head: () => ({ meta: [{ title: 'Access Logs | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Access Logs">Sign-ins, access-code use and staff actions will be listed here.</AreaPlaceholder>,
});
