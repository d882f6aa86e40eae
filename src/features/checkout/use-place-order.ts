import { useCallback, useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { orderPlacedToast, simulatePayment } from './payment.ts';
import type { CheckoutValues } from './schemas.ts';

/**
 * Places the (simulated) order: waits for the payment, shows the order toast with the grand total
 * as it was when the shopper pressed the button, then hands over to `onOrderPlaced` (clear the
 * cart, go home). Leaving the page during the wait cancels the order.
 */
export function usePlaceOrder(grandTotal: number, onOrderPlaced: () => Promise<void> | void) {
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  // The form values are deliberately unused: card data stays in the form component (no storage,
  // no network), as the payment is a simulation (ARCHITECTURE.md, security model).
  return useCallback(
    async (_values: CheckoutValues) => {
      const controller = new AbortController();
      pending.current = controller;
      const total = grandTotal;
      await simulatePayment(controller.signal);
      notifications.show(orderPlacedToast(total));
      await onOrderPlaced();
    },
    [grandTotal, onOrderPlaced],
  );
}
