import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '@/features/cart/ui';

export const Route = createFileRoute('/cart')({
  head: () => ({ meta: [{ title: 'Shopping Cart | GarageGuard' }] }),
  component: CartPage,
});
