import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/ui';
import { guarded } from '@/app/shell/area/guarded.ts';

// Spec §6: /cart needs a signed-in user (any role).
export const Route = createFileRoute('/cart')({
  ...guarded('signed-in'),
  head: () => ({ meta: [{ title: 'Shopping Cart | GarageGuard' }] }),
  component: CartPage,
});
