import { createFileRoute } from '@tanstack/react-router';
import { guarded } from '@/app/shell/area/guarded.ts';
import { SupportSearchSchema } from '@/features/support-tickets/search.ts';
import { SupportCenterPage } from './-components/SupportCenterPage.tsx';

// The Support Center is for every signed-in user: tickets, their conversations, the knowledge base.
export const Route = createFileRoute('/support/')({
  ...guarded('signed-in'),
  // ?device=<id> ('Get help' on a device card) opens a new ticket about that device.
  validateSearch: SupportSearchSchema,
  head: () => ({ meta: [{ title: 'Support Center | GarageGuard' }] }),
  component: SupportRoute,
});

function SupportRoute() {
  const { device } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SupportCenterPage device={device} onDeviceHandled={() => void navigate({ search: {}, replace: true })} />;
}
