import { useId, type ComponentType } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBox, IconPackageOff } from '@tabler/icons-react';
import type { StockSummary } from '../stock-status.ts';

interface CardSpec {
  key: 'total' | 'low' | 'out';
  title: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  value: (s: StockSummary) => number;
  text: (s: StockSummary) => string;
}

const units = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'unit' : 'units'} on hand`;

const CARDS: CardSpec[] = [
  { key: 'total', title: 'Total Products', icon: IconBox, color: 'blue', value: (s) => s.items, text: (s) => units(s.units) },
  { key: 'low', title: 'Low Stock', icon: IconAlertTriangle, color: 'yellow', value: (s) => s.low, text: () => 'At or below their minimum stock' },
  { key: 'out', title: 'Out of Stock', icon: IconPackageOff, color: 'red', value: (s) => s.out, text: () => 'Nothing left to sell' },
];

/** The three stock-summary cards; grey shapes until the sheet has loaded. */
export function StockSummaryCards({ summary }: { summary: StockSummary | null }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {CARDS.map((card) => (
        <SummaryCard key={card.key} card={card} summary={summary} />
      ))}
    </SimpleGrid>
  );
}

function SummaryCard({ card, summary }: { card: CardSpec; summary: StockSummary | null }) {
  const titleId = useId();
  const Icon = card.icon;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid={`stock-summary-${card.key}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} fz="sm" fw={600} c="dimmed" id={titleId}>
          {card.title}
        </Title>
        <ThemeIcon variant="light" color={card.color} radius="md" aria-hidden="true">
          <Icon size={18} />
        </ThemeIcon>
      </Group>
      {summary ? (
        <>
          <Text fz={32} fw={700} lh={1.2} data-testid="summary-value">
            {card.value(summary)}
          </Text>
          <Text size="sm" c="dimmed">
            {card.text(summary)}
          </Text>
        </>
      ) : (
        <div aria-hidden="true">
          <Skeleton height={32} width={48} my={4} />
          <Skeleton height={10} width="70%" mt="xs" />
        </div>
      )}
    </Paper>
  );
}
