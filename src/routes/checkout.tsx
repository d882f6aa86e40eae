import { useCallback } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { orderTotals, useCart } from '@/features/cart';
import { OrderSummary } from '@/features/cart/ui';
import { CheckoutPage } from '@/features/checkout';

export const Route = createFileRoute('/checkout')({
  head: () => ({ meta: [{ title: 'Checkout | GarageGuard' }] }),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { items, total, isLoading, clearCart } = useCart();
  const navigate = useNavigate();

  // Leave first, then clear: the checkout page never flashes its empty state after an order.
  const onOrderPlaced = useCallback(async () => {
    await navigate({ to: '/' });
    await clearCart({ silent: true });
  }, [navigate, clearCart]);

  return (
    <CheckoutPage
      isLoading={isLoading}
      isEmpty={items.length === 0}
      grandTotal={orderTotals(total).grandTotal}
      summary={<OrderSummary subtotal={total} items={items} />}
      onOrderPlaced={onOrderPlaced}
    />
  );
}
