import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { formatCount } from '@/lib/count.ts';
import type { ArticleLike } from '../rules.ts';

/**
 * The 'Article Information' box: category, last update, views, helpful votes. The update reads
 * like the publication time above it ("3 months ago", the exact date on hover), not as a second
 * kind of date beside it.
 */
export function ArticleInfo({ article }: { article: ArticleLike }) {
  const rows: Array<[string, ReactNode]> = [
    ['Category', article.category],
    ['Last Updated', <TimeAgo key="updated" date={article.updated_at} />],
    ['Views', formatCount(article.view_count)],
    ['Helpful Votes', formatCount(article.helpful_votes)],
  ];
  return (
    <Paper withBorder radius="md" p="md" bg="var(--gg-surface-muted)" data-testid="article-info">
      <Title order={3} fz="md" mb="sm">
        Article Information
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" m={0}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
