import { Paper, Radio, SimpleGrid, Stack } from '@mantine/core';
import { FILTER_GROUPS } from '../filter-options.ts';
import type { ProductFilters } from '../rules.ts';

interface FilterPanelProps {
  id: string;
  filters: ProductFilters;
  onChange: (key: keyof ProductFilters, value: string) => void;
}

/** The three radio groups of spec §2 (Category, Compatibility, Accessory Type). */
export function FilterPanel({ id, filters, onChange }: FilterPanelProps) {
  return (
    <Paper id={id} withBorder radius="lg" p="lg" component="section" aria-label="Product filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {FILTER_GROUPS.map((group) => (
          <Radio.Group
            key={group.key}
            name={group.key}
            label={group.label}
            value={filters[group.key]}
            onChange={(value) => onChange(group.key, value)}
            styles={{ label: { fontWeight: 600, marginBottom: 8 } }}
          >
            <Stack gap={8}>
              {group.options.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Radio.Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
