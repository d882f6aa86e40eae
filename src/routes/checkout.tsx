import { useCallback, useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCart } from '@/features/cart';
import { OrderSummary } from '@/features/cart/ui';
import { CheckoutPage, type OrderLine } from '@/features/checkout';
import { guarded } from '@/app/shell/area/guarded.ts';
import { useAuth } from '@/features/auth';

// Spec §6: /checkout needs a signed-in user (any role).
export const Route = createFileRoute('/checkout')({
  ...guarded('signed-in'),
  head: () => ({ meta: [{ title: 'Checkout | GarageGuard' }] }),
  component: CheckoutRoute,
});

function CheckoutRoute() {
  const { items, total, isLoading, clearCart } = useCart();
  const navigate = useNavigate();
  // The guard has loaded the profile; its e-mail falls back to the account's.
  const profile = useAuth((state) => state.profile);
  const accountEmail = useAuth((state) => state.user?.email ?? null);
  const contact = useMemo(
    () => ({ email: profile?.email ?? accountEmail, firstName: profile?.firstName, lastName: profile?.lastName }),
    [profile?.email, profile?.firstName, profile?.lastName, accountEmail],
  );

  // The order carries product ids and quantities only: the server prices them (place_order).
  const lines = useMemo<OrderLine[]>(() => items.map((item) => ({ productId: item.productId, quantity: item.quantity })), [items]);

  // Leave first, then clear: the checkout page never flashes its empty state after an order.
  const onOrderPlaced = useCallback(async () => {
    await navigate({ to: '/' });
    await clearCart({ silent: true });
  }, [navigate, clearCart]);

  return (
    <CheckoutPage
      isLoading={isLoading}
      isEmpty={items.length === 0}
      lines={lines}
      summary={<OrderSummary subtotal={total} items={items} />}
      onOrderPlaced={onOrderPlaced}
      contact={contact}
    />
  );
}
