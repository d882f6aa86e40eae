import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '@/features/inventory';

export const Route = createFileRoute('/admin/inventory')({
  head: () => ({ meta: [{ title: 'Inventory | GarageGuard' }] }),
  component: InventoryPage,
});
