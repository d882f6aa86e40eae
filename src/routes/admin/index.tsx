import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/admin/')({
  head: () => ({ meta: [{ title: 'Mission Control | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Mission Control">Revenue, orders, stock and support KPIs with alerts will appear here.</AreaPlaceholder>,
});
