import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { placeOrder, type OrderLine } from './data/place-order.ts';
import { CheckoutError, GENERIC_MESSAGE, type CheckoutFailure } from './errors.ts';
import { finishOrderAttempt, orderIdFor } from './order-attempt.ts';
import { orderPlacedToast } from './order-placed-toast.tsx';
import { simulatePayment } from './payment.ts';
import type { CheckoutValues } from './schemas.ts';

export interface PlaceOrderState {
  /** Runs the order; resolves when it settled (failures land in `failure`), rejects only with AbortError. */
  submit: (values: CheckoutValues) => Promise<void>;
  /** Why the last attempt did not go through; null before, during and after a success. */
  failure: CheckoutFailure | null;
}

/**
 * Places the order through place_order while the simulated payment runs (both must finish), then
 * shows the toast with the total and order number the server gave and hands over to `onOrderPlaced` (go home,
 * clear the cart). A failure keeps the cart and says why. The order id is reused for retries of
 * the same cart (see order-attempt.ts). Leaving the page cancels the wait: no toast, no hand-over.
 */
export function usePlaceOrder(lines: readonly OrderLine[], onOrderPlaced: () => Promise<void> | void): PlaceOrderState {
  const pending = useRef<AbortController | null>(null);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const submit = useCallback(
    async (values: CheckoutValues) => {
      const controller = new AbortController();
      pending.current = controller;
      setFailure(null);
      const orderId = orderIdFor(lines);
      let total: number;
      let orderNumber: number | null;
      try {
        const [order] = await Promise.all([placeOrder(lines, values, orderId, controller.signal), simulatePayment(controller.signal)]);
        total = order.total;
        orderNumber = order.order_number ?? null;
      } catch (error) {
        if (controller.signal.aborted) throw new DOMException('Checkout left', 'AbortError');
        // The payment wait is no longer needed once the order failed.
        controller.abort();
        if (error instanceof CheckoutError) setFailure(error.failure);
        else {
          console.error('Checkout failed.', error);
          setFailure({ kind: 'other', message: GENERIC_MESSAGE });
        }
        return;
      }
      finishOrderAttempt();
      notifications.show(orderPlacedToast(total, orderNumber));
      await onOrderPlaced();
    },
    [lines, onOrderPlaced],
  );

  return { submit, failure };
}
