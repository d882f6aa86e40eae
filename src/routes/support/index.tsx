import { createFileRoute } from '@tanstack/react-router';
import { guarded } from '@/app/shell/area/guarded.ts';
import { SupportCenterPage } from './-components/SupportCenterPage.tsx';

// The Support Center is for every signed-in user: tickets, their conversations, the knowledge base.
export const Route = createFileRoute('/support/')({
  ...guarded('signed-in'),
  head: () => ({ meta: [{ title: 'Support Center | GarageGuard' }] }),
  component: SupportCenterPage,
});
