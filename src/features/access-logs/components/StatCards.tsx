import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { AccessLogStats } from '../data/access-log-stats.ts';

/** Total, failed, success rate (one decimal), today's total and today's failures. */
export function StatCards({ stats }: { stats: AccessLogStats | undefined }) {
  const cards = [
    { label: 'Total Events', value: stats?.total, testId: 'stat-total' },
    { label: 'Failed Attempts', value: stats?.failed, testId: 'stat-failed' },
    { label: 'Success Rate', value: stats && `${stats.successRate.toFixed(1)}%`, testId: 'stat-success-rate' },
    { label: 'Today', value: stats?.todayTotal, testId: 'stat-today' },
    { label: 'Failed Today', value: stats?.todayFailed, testId: 'stat-today-failed' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.testId} withBorder radius="md" padding="md" data-testid={card.testId}>
          <Text size="sm" c="gray.7">
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton height={28} width="50%" mt={4} aria-label="Loading" />
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
