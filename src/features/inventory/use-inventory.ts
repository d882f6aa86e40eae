import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { queryPhase, type QueryPhase } from '@/lib/query/phase.ts';
import { useSearch } from '@/lib/search.ts';
import { inventoryQuery } from './data/inventory-queries.ts';
import type { InventoryItem } from './schemas.ts';

export const FETCH_FAILED = 'Failed to fetch inventory data';

/** The category filter's value for every category. */
export const ALL_CATEGORIES = 'all';

export interface InventoryView {
  phase: QueryPhase;
  /** Every row (empty until loaded). */
  items: InventoryItem[];
  /** The rows the search and the category filter leave, best match first while searching. */
  shown: InventoryItem[];
  /** The categories present, for the filter. */
  categories: string[];
  updatedAt: number;
  /** A refresh failed while an earlier answer stays on screen. */
  refreshFailed: boolean;
  /** A request is on its way. */
  refreshing: boolean;
  /** Fetches the sheet again (after a failure, or for the latest stock). */
  retry: () => void;
}

const NO_ITEMS: InventoryItem[] = [];

/** The stock sheet with the page's search and category filter applied. */
export function useInventory(search: string, category: string): InventoryView {
  const query = useQuery(inventoryQuery);
  const items = query.data ?? NO_ITEMS;

  // The spec's destructive toast, once per failed request.
  useEffect(() => {
    if (query.errorUpdatedAt) notifications.show({ title: 'Error', message: FETCH_FAILED, color: 'red' });
  }, [query.errorUpdatedAt]);

  const categories = useMemo(
    () => [...new Set(items.map((item) => item.category).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b)),
    [items],
  );
  const inCategory = useMemo(
    () => (category === ALL_CATEGORIES ? items : items.filter((item) => item.category === category)),
    [items, category],
  );
  const shown = useSearch(
    inCategory,
    { fields: ['product_name', 'sku', 'category', 'supplier', 'description'], idField: 'id', boost: { product_name: 3, sku: 3 } },
    search,
  );

  return {
    phase: queryPhase(query),
    items,
    shown,
    categories,
    updatedAt: query.dataUpdatedAt,
    refreshFailed: query.isError,
    refreshing: query.isFetching,
    retry: () => void query.refetch(),
  };
}
