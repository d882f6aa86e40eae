import { Table, Text } from '@mantine/core';
import { formatMoney } from '@/lib/money.ts';
import type { MissionControlReport } from '../data/mission-control.ts';
import { productName } from '../product-name.ts';
import { Section } from './Section.tsx';

/** The 5 best sellers of the last 30 days by revenue. */
export function TopProducts({ report }: { report: MissionControlReport }) {
  return (
    <Section title="Top Products">
      {report.top_products.length === 0 ? (
        <Text size="sm">No sales in the last 30 days.</Text>
      ) : (
        <Table data-testid="top-products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Units</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.top_products.map((p) => (
              <Table.Tr key={`${p.product_id ?? ''}:${p.name}`}>
                <Table.Td>{productName(p.name)}</Table.Td>
                <Table.Td ta="right">{p.units_sold}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

// Short, under the 'Last sale' header: on a phone 'no sale in 30 days' stood four lines tall.
const lastSale = (days: number | null) => (days === null ? 'None' : days === 0 ? 'Today' : `${days} day${days === 1 ? '' : 's'} ago`);

/** Up to 5 items with under 5 units sold or no sale for over 7 days, lowest sales first. */
export function Underperforming({ report }: { report: MissionControlReport }) {
  return (
    <Section title="Underperforming Products">
      {report.underperforming_products.length === 0 ? (
        <Text size="sm">Every product is selling.</Text>
      ) : (
        <Table data-testid="underperforming-products" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              {/* One line: wrapped, it stood three lines tall above one-digit figures on a phone. */}
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                Units (30 days)
              </Table.Th>
              <Table.Th>Last sale</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.underperforming_products.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{productName(p.product_name)}</Table.Td>
                <Table.Td ta="right">{p.units_sold}</Table.Td>
                <Table.Td>{lastSale(p.days_since_last_sale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
