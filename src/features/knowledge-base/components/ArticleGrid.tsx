import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';

/** Article cards in one column on phones, two on tablets, three on wide screens. */
export function ArticleGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} data-testid="article-grid">
      {children}
    </SimpleGrid>
  );
}
