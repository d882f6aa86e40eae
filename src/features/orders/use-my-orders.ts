import { useCallback, useEffect, useState } from 'react';
import { listMyOrders } from './data/orders.ts';
import type { Order } from './schemas.ts';

export type OrdersState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; orders: Order[] };

/** Loads the orders on mount and on retry; an unmount or a newer load cancels the older one. */
export function useMyOrders(): { state: OrdersState; retry: () => void } {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listMyOrders(controller.signal).then(
      (orders) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', orders });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading orders failed.', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  // The loading state is set by the retry itself (the first load starts in it), so the effect only
  // sets state once the answer arrives.
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
