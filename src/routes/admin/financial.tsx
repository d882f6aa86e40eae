import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/admin/financial')({
  head: () => ({ meta: [{ title: 'Financial Reports | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Financial Reports">Revenue, expenses, net profit and transactions per period will appear here.</AreaPlaceholder>,
});
