import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ArticleLike } from '../rules.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The 'Article Information' box: category, last update, views, helpful votes. */
export function ArticleInfo({ article }: { article: ArticleLike }) {
  const rows: Array<[string, string]> = [
    ['Category', article.category],
    ['Last Updated', dateFormat.format(new Date(article.updated_at))],
    ['Views', String(article.view_count)],
    ['Helpful Votes', String(article.helpful_votes)],
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
