import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@/lib/money.ts';
import type { FinancialSummary } from '../data/financial-summary.ts';

/**
 * Revenue = sales + revenue entries; expenses = expenses + refunds; net profit = revenue −
 * expenses; average order value = revenue / number of sales. All USD, computed by the server.
 */
export function MetricCards({ summary }: { summary: FinancialSummary }) {
  const cards = [
    { label: 'Total Revenue', value: summary.revenue, testId: 'metric-revenue', detail: `${summary.sales_count} sales` },
    { label: 'Total Expenses', value: summary.expenses, testId: 'metric-expenses', detail: 'Expenses and refunds' },
    { label: 'Net Profit', value: summary.net_profit, testId: 'metric-net-profit', detail: 'Revenue minus expenses' },
    { label: 'Average Order Value', value: summary.average_order_value, testId: 'metric-aov', detail: 'Revenue per sale' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.testId} withBorder radius="md" padding="md" data-testid={card.testId}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fz="xl" fw={700} data-testid={`${card.testId}-value`}>
            {formatMoney(card.value)}
          </Text>
          <Text size="sm" c="dimmed">
            {card.detail}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
