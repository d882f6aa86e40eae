import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CmsItem } from '../data/cms-content.ts';

/** Total items, and how many are published, drafts and archived. */
export function CmsStatCards({ items }: { items: CmsItem[] | undefined }) {
  const count = (status: CmsItem['status']) => items?.filter((item) => item.status === status).length;
  const cards = [
    { label: 'Total Content', value: items?.length, testId: 'stat-total' },
    { label: 'Published', value: count('published'), testId: 'stat-published' },
    { label: 'Drafts', value: count('draft'), testId: 'stat-drafts' },
    { label: 'Archived', value: count('archived'), testId: 'stat-archived' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
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
