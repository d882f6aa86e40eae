import { ActionIcon, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilter, IconLayoutGrid, IconList, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ProductsSearch, ViewMode } from '../filters.ts';
import { mergeCatalogue } from '../live/merge.ts';
import { useLiveCatalogue } from '../live/use-live-catalogue.ts';
import { filterProducts, hasActiveFilters, NO_FILTERS, type ProductFilters } from '../rules.ts';
import type { ProductSummary } from '../schemas.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { NoProducts } from './NoProducts.tsx';
import { ProductCard } from './ProductCard.tsx';
import { ProductRow } from './ProductRow.tsx';

interface ProductsPageProps {
  products: ProductSummary[];
  search: ProductsSearch;
  onSearchChange: (next: ProductsSearch) => void;
  onAddToCart: (product: ProductSummary) => void;
}

const FILTER_PANEL_ID = 'product-filters';
// Cards in the first row are above the fold on desktop; the rest load lazily.
const EAGER_IMAGES = 3;

/** Products list (spec §2): filters, count, grid/list toggle. State lives in the URL (search). */
export function ProductsPage({ products, search, onSearchChange, onAddToCart }: ProductsPageProps) {
  const filters: ProductFilters = { category: search.category, compatibility: search.compatibility, accessoryType: search.accessoryType };
  const active = hasActiveFilters(filters);
  // A shared link with filters opens with the panel shown, so the shopper sees why the list is short.
  const [showFilters, setShowFilters] = useState(active);
  // The live rows over the build's snapshot, and products added since (after hydration; see useLiveCatalogue).
  const live = useLiveCatalogue();
  const current = useMemo(() => mergeCatalogue(products, live), [products, live]);
  const shown = filterProducts(current, filters);

  const setFilter = (key: keyof ProductFilters, value: string) => onSearchChange({ ...search, [key]: value });
  const setView = (view: ViewMode) => onSearchChange({ ...search, view });
  const clearAll = () => onSearchChange({ ...search, ...NO_FILTERS });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Our Products</Title>
          <Text c="dimmed" mt={4}>
            Smart garage systems and accessories, installed in about 2 hours and backed by a 30-day guarantee.
          </Text>
        </div>

        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button
              variant={showFilters ? 'filled' : 'default'}
              color="blue"
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={showFilters}
              aria-controls={FILTER_PANEL_ID}
              onClick={() => setShowFilters((s) => !s)}
            >
              Filters
            </Button>
            {active && (
              <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={clearAll}>
                Clear All
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Text role="status" fw={500} data-testid="products-count">
              {shown.length} products found
            </Text>
            <Group gap={4} role="group" aria-label="View">
              <ViewButton mode="grid" current={search.view} onSelect={setView} />
              <ViewButton mode="list" current={search.view} onSelect={setView} />
            </Group>
          </Group>
        </Group>

        {showFilters && <FilterPanel id={FILTER_PANEL_ID} filters={filters} onChange={setFilter} />}

        {shown.length === 0 ? (
          <NoProducts onClear={clearAll} />
        ) : search.view === 'grid' ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="products-grid">
            {shown.map((p, i) => (
              <ProductCard key={p.id} product={p} onAddToCart={onAddToCart} lazyImage={i >= EAGER_IMAGES} />
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="lg" data-testid="products-list">
            {shown.map((p, i) => (
              <ProductRow key={p.id} product={p} onAddToCart={onAddToCart} lazyImage={i >= 1} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function ViewButton({ mode, current, onSelect }: { mode: ViewMode; current: ViewMode; onSelect: (m: ViewMode) => void }) {
  const selected = mode === current;
  const Icon = mode === 'grid' ? IconLayoutGrid : IconList;
  return (
    <ActionIcon
      size="lg"
      variant={selected ? 'filled' : 'default'}
      color={selected ? 'blue' : undefined}
      aria-label={mode === 'grid' ? 'Grid view' : 'List view'}
      aria-pressed={selected}
      onClick={() => onSelect(mode)}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}
