import { useMemo, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingWarehouse, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { DataAge } from '@/components/DataAge.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { statusLabel } from '@/lib/status.ts';
import type { InventoryItem } from '../schemas.ts';
import { changedRecently, summarizeStock } from '../stock-status.ts';
import { ALL_CATEGORIES, FETCH_FAILED, useInventory } from '../use-inventory.ts';
import { AddProductDialog } from './AddProductDialog.tsx';
import { EditItemDialog } from './EditItemDialog.tsx';
import { InventoryCards } from './InventoryCards.tsx';
import { RecentChanges } from './RecentChanges.tsx';
import { InventoryTable } from './InventoryTable.tsx';
import { StockSummaryCards } from './StockSummaryCards.tsx';

/** How many placeholder rows while the sheet loads. */
const SKELETON_ROWS = 5;

/**
 * /admin/inventory: the stock sheet (admin only; the area's guard and RLS both enforce it): three
 * summary cards, search and category filter, the table with each row's status, Add Product, and
 * per row an edit of stock and price.
 */
export function InventoryPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const view = useInventory(search, category);
  const summary = useMemo(() => (view.phase === 'ready' ? summarizeStock(view.items) : null), [view.phase, view.items]);
  const editing = editingId ? (view.items.find((item) => item.id === editingId) ?? null) : null;
  const categoryOptions = [{ value: ALL_CATEGORIES, label: 'All Categories' }, ...view.categories.map((c) => ({ value: c, label: statusLabel(c) }))];
  const filtering = search.trim() !== '' || category !== ALL_CATEGORIES;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>Inventory</Title>
          <Text c="dimmed">Stock levels, costs and prices of everything we sell and keep as spares.</Text>
          {view.phase === 'ready' && <RecentChanges changed={changedRecently(view.items)} total={view.items.length} />}
          <DataAge updatedAt={view.updatedAt} failed={view.refreshFailed} />
        </div>
        <Group gap="sm">
          {/* Sales lower the stock outside this page; the sheet is kept 5 minutes unless refreshed. */}
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={view.retry} loading={view.refreshing} disabled={view.phase === 'offline'}>
            Refresh
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add Product
          </Button>
        </Group>
      </Group>

      {view.phase === 'failed' && <LoadError title={FETCH_FAILED} onRetry={view.retry} data-testid="inventory-error" />}
      {view.phase === 'offline' && (
        <LoadError title="You are offline" text="Inventory loads when the connection returns." data-testid="inventory-offline" />
      )}
      {(view.phase === 'loading' || view.phase === 'ready') && <StockSummaryCards summary={summary} />}

      {view.phase === 'loading' && <SkeletonList count={SKELETON_ROWS} label="Loading inventory" lines={1} />}
      {view.phase === 'ready' && (
        <Paper withBorder radius="md" p="md">
          <Group gap="sm" mb="md" align="flex-end">
            <TextInput
              aria-label="Search products"
              placeholder="Search by name, SKU or supplier…"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              type="search"
            />
            <Select
              aria-label="Category"
              data={categoryOptions}
              value={category}
              onChange={(value) => setCategory(value ?? ALL_CATEGORIES)}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
          <InventoryList items={view.shown} empty={view.items.length === 0} filtering={filtering} onAdd={() => setAdding(true)} onEdit={(item) => setEditingId(item.id)} />
        </Paper>
      )}

      <AddProductDialog opened={adding} onClose={() => setAdding(false)} />
      <EditItemDialog item={editing} onClose={() => setEditingId(null)} />
    </Stack>
  );
}

interface InventoryListProps {
  items: InventoryItem[];
  /** The sheet itself has no rows (not only the filtered view). */
  empty: boolean;
  filtering: boolean;
  onAdd: () => void;
  onEdit: (item: InventoryItem) => void;
}

function InventoryList({ items, empty, filtering, onAdd, onEdit }: InventoryListProps) {
  // Phones get a card per item (eight columns scroll sideways at 390 px); the table from tablets up.
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false }) ?? false;
  if (empty) {
    return (
      <EmptyState
        icon={<IconBuildingWarehouse size={28} />}
        title="No inventory items yet"
        text="Add the products you sell and keep as spares to track their stock here."
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            Add Your First Product
          </Button>
        }
      />
    );
  }
  if (items.length === 0 && filtering) {
    return <EmptyState icon={<IconSearch size={28} />} title="No products found" text="No products match your search or category. Try other words or All Categories." />;
  }
  return phone ? <InventoryCards items={items} onEdit={onEdit} /> : <InventoryTable items={items} onEdit={onEdit} />;
}
