import '@mantine/charts/styles.css';
import { useId } from 'react';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import { formatMoney, formatMoneyAxis } from '@/lib/money.ts';
import type { FinancialSummary } from '../data/financial-summary.ts';

const FORMATS = {
  hour: new Intl.DateTimeFormat('en-US', { hour: 'numeric' }),
  day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short' }),
} as const;

/**
 * One grid, along the money axis only, at its round ticks. The bucket axis shows every Nth bucket,
 * N chosen to fit the width: the default kept the first and last and fitted others between, at
 * uneven gaps.
 */
const BUCKET_AXIS = { interval: 'equidistantPreserveStart' } as const;
const MONEY_AXIS = { allowDecimals: false, tickCount: 5, tickFormatter: formatMoneyAxis, width: 64 } as const;

/** Revenue and expenses per hour, day or month of the period. */
export function FinanceChart({ summary }: { summary: FinancialSummary }) {
  const id = useId();
  const data = summary.series.map((b) => ({ bucket: FORMATS[summary.unit].format(new Date(b.start)), Revenue: b.revenue, Expenses: b.expenses }));
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        Revenue and expenses
      </Title>
      <div role="img" aria-label={`Bar chart of revenue (${formatMoney(summary.revenue)}) and expenses (${formatMoney(summary.expenses)}) per ${summary.unit} of the period.`}>
        <BarChart
          h={240}
          data={data}
          dataKey="bucket"
          series={[
            { name: 'Revenue', color: 'teal.7' },
            { name: 'Expenses', color: 'red.7' },
          ]}
          valueFormatter={(v) => formatMoney(v)}
          xAxisProps={BUCKET_AXIS}
          yAxisProps={MONEY_AXIS}
          withLegend
          tickLine="y"
          gridAxis="x"
        />
      </div>
    </Card>
  );
}
