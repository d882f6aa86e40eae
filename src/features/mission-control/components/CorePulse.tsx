import type { ReactNode } from 'react';
import { Badge, Card, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@/lib/money.ts';
import type { MissionControlReport } from '../data/mission-control.ts';

function Metric({ label, value, detail, testId }: { label: string; value: string; detail: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" component="div">
        {detail}
      </Text>
    </Card>
  );
}

const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;

/** The four headline figures of the last 30 days. */
export function CorePulse({ report }: { report: MissionControlReport }) {
  const { revenue, orders, average_order_value: aov } = report;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Metric
        label="Revenue (30 days)"
        value={formatMoney(revenue.last_30_days)}
        detail={`${signed(revenue.change_percent)} vs previous 30 days`}
        testId="pulse-revenue"
      />
      <Metric label="Orders (30 days)" value={String(orders.last_30_days)} detail={`${orders.today} today`} testId="pulse-orders" />
      <Metric
        label="Average Order Value"
        value={formatMoney(aov.value)}
        detail={
          <Badge color={aov.above_target ? 'green' : 'gray'} variant="light">
            {aov.above_target ? 'Above target' : 'Below target'}
          </Badge>
        }
        testId="pulse-aov"
      />
      <Metric label="Net Profit (30 days)" value={formatMoney(report.net_profit)} detail={`${report.profit_margin.toFixed(1)}% margin`} testId="pulse-profit" />
    </SimpleGrid>
  );
}
