import type { ReactNode } from 'react';
import { Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MissionControlReport } from '../data/mission-control.ts';
import { productName } from '../product-name.ts';
import { Section } from './Section.tsx';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Group justify="space-between" data-testid={testId}>
      <Text size="sm">{label}</Text>
      <Text fw={700}>{value}</Text>
    </Group>
  );
}

/** A threshold crossed: red text with an icon (not colour alone). */
function Warning({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <IconAlertTriangle size={16} color="var(--mantine-color-red-text)" aria-hidden />
      <Text size="sm" c="red" fw={600}>
        {children}
      </Text>
    </Group>
  );
}

/** In stock / low stock (above 0, at or below minimum) / out of stock, with the items to reorder. */
export function InventoryStatus({ report }: { report: MissionControlReport }) {
  const inv = report.inventory;
  const reorder = [...inv.out_of_stock_items.map((i) => ({ ...i, state: 'out of stock' })), ...inv.low_stock_items.map((i) => ({ ...i, state: 'low' }))];
  return (
    <Section title="Inventory Status">
      <Stack gap="xs">
        <Figure label="In stock" value={inv.in_stock} testId="inventory-in-stock" />
        <Figure label="Low stock" value={inv.low_stock} testId="inventory-low-stock" />
        <Figure label="Out of stock" value={inv.out_of_stock} testId="inventory-out-of-stock" />
        {reorder.length > 0 && (
          <List size="sm" spacing={2} mt="xs" aria-label="Items to reorder">
            {reorder.map((item) => (
              <List.Item key={item.sku} data-testid="reorder-item">
                {productName(item.product_name)}{' '}
                {/* A code reads as one piece: never broken at its hyphens. */}
                <span style={{ whiteSpace: 'nowrap' }} data-testid="sku">
                  ({item.sku}):
                </span>{' '}
                {item.current_stock} left, {item.state}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Section>
  );
}

/** Refund rate (warning above 10%), return rate (warning above 5%) and open complaints (critical above 5). */
export function EfficiencyInsights({ report }: { report: MissionControlReport }) {
  const { refunds, complaints } = report;
  return (
    <Section title="Efficiency Insights">
      <Stack gap="xs">
        <Figure label="Refund rate" value={`${refunds.refund_rate.toFixed(1)}%`} testId="refund-rate" />
        {refunds.refund_rate_warning && (
          <Warning testId="refund-rate-warning">Refund rate is above 10% of revenue.</Warning>
        )}
        <Figure label="Return rate" value={`${refunds.return_rate.toFixed(1)}%`} testId="return-rate" />
        {refunds.return_rate_warning && (
          <Warning testId="return-rate-warning">Return rate is above 5% of orders.</Warning>
        )}
        <Figure label="Open complaints" value={complaints.total} testId="complaints" />
        {complaints.critical && (
          <Warning testId="complaints-critical">Critical: more than 5 open or in-progress tickets.</Warning>
        )}
      </Stack>
    </Section>
  );
}
