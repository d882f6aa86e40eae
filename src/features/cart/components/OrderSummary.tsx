import type { ReactNode } from 'react';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CartItem } from '../index.ts';
import { formatMoney } from '@/lib/money.ts';
import { lineTotal, orderTotals, TAX_RATE_PERCENT } from '../totals.ts';

interface OrderSummaryProps {
  /** Items total (the cart's `total`). */
  subtotal: number;
  /** When given, the lines are listed above the totals (checkout). */
  items?: CartItem[];
  /** Buttons under the totals (cart page). */
  children?: ReactNode;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'}>
        {value}
      </Text>
    </Group>
  );
}

/** Subtotal, free shipping, 10% tax and the grand total (spec §2 cart, §9 rules). */
export function OrderSummary({ subtotal, items, children }: OrderSummaryProps) {
  const totals = orderTotals(subtotal);
  return (
    <Paper component="section" aria-labelledby="order-summary-title" withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id="order-summary-title">
          Order Summary
        </Title>
        {items && items.length > 0 && (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">
                  {item.name}
                  {item.variant ? ` (${item.variant})` : ''}
                  {/* No break inside "× 2": the count stays with what it counts on a phone. */}
                  {'\u00a0×\u00a0'}
                  {item.quantity}
                </Text>
                <Text size="sm">{formatMoney(lineTotal(item))}</Text>
              </Group>
            ))}
          </Stack>
        )}
        {items && items.length > 0 && <Divider />}
        <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
        <Row label="Shipping" value="Free" />
        <Row label={`Tax (${TAX_RATE_PERCENT}%)`} value={formatMoney(totals.tax)} />
        <Divider />
        <Row label="Total" value={formatMoney(totals.grandTotal)} strong />
        {children}
      </Stack>
    </Paper>
  );
}
