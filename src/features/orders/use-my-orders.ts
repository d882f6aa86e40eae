import { useMemo } from 'react';
import { useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useAwaitingFirstSync } from '@/db/sync/synced-once.ts';
import { myOrdersQuery, toOrders } from './data/orders.ts';
import type { Order } from './schemas.ts';

export type OrdersState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; orders: Order[] };

/**
 * The signed-in user's orders from this device's database: loading until it first answers (offline
 * too) and, on a device that has never synced this user's data, until that first sync has brought
 * their orders; then live as replication brings new orders and status changes. An error means the
 * database could not be opened; retry opens it again.
 */
export function useMyOrders(): { state: OrdersState; retry: () => void } {
  const userId = useDataOwner();
  const { docs, loading, error, synced } = useCollectionQuery('orders', myOrdersQuery(userId));
  const { retry } = useUserDataStatus();
  const awaitingFirstSync = useAwaitingFirstSync(synced);
  const orders = useMemo(() => toOrders(docs), [docs]);
  const state: OrdersState = error ? { status: 'error' } : loading || (awaitingFirstSync && docs.length === 0) ? { status: 'loading' } : { status: 'loaded', orders };
  return { state, retry: retry ?? noop };
}

const noop = () => {};
