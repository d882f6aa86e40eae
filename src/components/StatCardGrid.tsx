import { Card, SimpleGrid, Skeleton, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatCard {
  label: string;
  /** undefined while loading: the card shows a skeleton in place of the figure. */
  value: ReactNode | undefined;
  /** The card's test id; its figure is `<testId>-value`. */
  testId: string;
}

/** A row of figure cards (label above, figure below) for the admin pages' summaries. */
export function StatCardGrid({ cards, cols }: { cards: StatCard[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="md">
      {cards.map((card) => (
        <Card key={card.testId} withBorder radius="md" padding="md" data-testid={card.testId}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton height={28} width="50%" mt={4} role="progressbar" aria-label="Loading" />
          ) : (
            <Text fz="xl" fw={700} data-testid={`${card.testId}-value`}>
              {card.value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
