import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/support/dashboard/')({
  head: () => ({ meta: [{ title: 'Support Dashboard | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Support Dashboard">All customer tickets and the knowledge-base articles will be managed here.</AreaPlaceholder>,
});
