import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/dashboard/access')({
  head: () => ({ meta: [{ title: 'Access Permissions | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Access Permissions">Guest and delivery access codes for your devices will be created and revoked here.</AreaPlaceholder>,
});
