import { useCallback, useMemo, useState } from 'react';
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

  // Clear, then leave: a page reloaded or closed the moment the order is confirmed must not find
  // the ordered lines still in the cart (the clear is a local write; leaving first raced it). The
  // page shows what was ordered, not the emptying cart, until it has left.
  const [ordered, setOrdered] = useState<{ items: typeof items; total: number } | null>(null);
  const onOrderPlaced = useCallback(async () => {
    setOrdered({ items, total });
    await clearCart({ silent: true });
    await navigate({ to: '/' });
  }, [items, total, navigate, clearCart]);
  const shown = ordered ?? { items, total };

  return (
    <CheckoutPage
      isLoading={isLoading}
      isEmpty={shown.items.length === 0}
      lines={lines}
      summary={<OrderSummary subtotal={shown.total} items={shown.items} />}
      onOrderPlaced={onOrderPlaced}
      contact={contact}
    />
  );
}
