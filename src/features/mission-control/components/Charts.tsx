import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatMoney, formatMoneyAxis } from '@/lib/money.ts';
import type { MissionControlReport } from '../data/mission-control.ts';
import { productName } from '../product-name.ts';
import { Section } from './Section.tsx';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One grid, along the value axis only, at its round ticks ($0, $1K, $2K…; 0, 20, 40…). The default
 * date axis kept the first and last day and fitted others between, so its labels (and the grid
 * lines drawn at them) stood at uneven gaps, two of them nearly on top of each other at the start;
 * every Nth day, N chosen to fit the width, keeps them even.
 */
const DAY_AXIS = { interval: 'equidistantPreserveStart' } as const;
const WHOLE_TICKS = { allowDecimals: false, tickCount: 5 } as const;

/** Revenue per day over the 30-day window: the shape of the month at a glance. */
export function RevenueChart({ report }: { report: MissionControlReport }) {
  const data = report.revenue_by_day.map((d) => ({ day: dayLabel.format(new Date(`${d.day}T00:00:00Z`)), Revenue: d.revenue }));
  const best = report.revenue_by_day.reduce((max, d) => Math.max(max, d.revenue), 0);
  return (
    <Section title="Revenue per day (last 30 days)">
      <div role="img" aria-label={`Bar chart of revenue per day over the last 30 days; ${formatMoney(report.revenue.last_30_days)} in total, best day ${formatMoney(best)}.`}>
        <BarChart h={220} data={data} dataKey="day" series={[{ name: 'Revenue', color: 'blue.7' }]} valueFormatter={(v) => formatMoney(v)} xAxisProps={DAY_AXIS} yAxisProps={{ ...WHOLE_TICKS, tickFormatter: formatMoneyAxis, width: 64 }} tickLine="y" gridAxis="x" />
      </div>
    </Section>
  );
}

/** Units in stock per inventory item, with each item's minimum as a second bar. */
export function StockChart({ report }: { report: MissionControlReport }) {
  const data = report.stock_by_product.map((item) => ({ product: productName(item.product_name), Stock: item.current_stock, Minimum: item.minimum_stock }));
  return (
    <Section title="Stock by product">
      {data.length === 0 ? (
        <Text size="sm">No inventory items yet.</Text>
      ) : (
        <div role="img" aria-label={`Bar chart of units in stock and minimum stock for ${data.length} products.`}>
          {/* A row per product tall enough for a name on two lines (34 px rows let wrapped names run
              into each other, issue 26); a longer name is cut with an ellipsis, the tooltip has it whole. */}
          <BarChart
            h={Math.max(220, data.length * 52 + 60)}
            data={data}
            dataKey="product"
            orientation="vertical"
            gridAxis="y"
            xAxisProps={WHOLE_TICKS}
            yAxisProps={{ width: 150, interval: 0, tickFormatter: (name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name) }}
            series={[
              { name: 'Stock', color: 'teal.7' },
              { name: 'Minimum', color: 'orange.7' },
            ]}
            withLegend
          />
        </div>
      )}
    </Section>
  );
}
