import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/admin/inventory')({
  head: () => ({ meta: [{ title: 'Inventory | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Inventory">Stock levels, low-stock warnings and new inventory items will be managed here.</AreaPlaceholder>,
});
