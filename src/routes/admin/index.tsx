import { createFileRoute } from '@tanstack/react-router';
import { MissionControlPage } from '@/features/mission-control';

export const Route = createFileRoute('/admin/')({
  head: () => ({ meta: [{ title: 'Mission Control | GarageGuard' }] }),
  component: MissionControlPage,
});
