// The inventory calls as TanStack Query options. A change refetches every admin answer: the
// stock sheet and what is computed from it (Mission Control's stock figures and alerts).
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { InventoryChanges, NewInventoryItem } from '../schemas.ts';
import { addInventoryItem, fetchInventory, updateInventoryItem } from './inventory.ts';

const ADMIN_ANSWERS = ['admin'] as const;

export const inventoryQuery = queryOptions({
  queryKey: ['admin', 'inventory'],
  queryFn: fetchInventory,
});

export const addInventoryItemMutation = mutationOptions({
  mutationFn: (item: NewInventoryItem) => addInventoryItem(item),
  meta: { invalidates: [ADMIN_ANSWERS] },
});

export const updateInventoryItemMutation = mutationOptions({
  mutationFn: ({ id, changes }: { id: string; changes: InventoryChanges }) => updateInventoryItem(id, changes),
  meta: { invalidates: [ADMIN_ANSWERS] },
});
