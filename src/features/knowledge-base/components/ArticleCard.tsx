import { memo } from 'react';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconEye, IconThumbUp } from '@tabler/icons-react';
import { countOf, formatCount } from '@/lib/count.ts';
import { excerpt, type ArticleLike } from '../rules.ts';

interface ArticleCardProps {
  article: ArticleLike;
  onOpen: (article: ArticleLike) => void;
  /** The button's text: 'Read More' in the list, 'Read Article' among the featured. */
  action?: string;
}

// What a card shows: a card re-renders only when one of these changes. Every replicated change (a
// view counted on the server) brings a new copy of each document, and a knowledge base of a few
// hundred articles re-rendered whole on each one made opening an article sluggish.
const SHOWN = ['id', 'title', 'content', 'category', 'view_count', 'helpful_votes'] as const;
const sameCard = (a: ArticleCardProps, b: ArticleCardProps) =>
  a.onOpen === b.onOpen && a.action === b.action && SHOWN.every((field) => a.article[field] === b.article[field]);

/** One article in a list: category, views, helpful votes, title (two lines), excerpt, open button. */
export const ArticleCard = memo(function ArticleCard({ article, onOpen, action = 'Read More' }: ArticleCardProps) {
  return (
    <Card component="li" withBorder radius="md" padding="lg" data-testid="article-card" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Badge variant="light">{article.category}</Badge>
        <Group gap="sm" c="dimmed" fz="sm">
          <Group gap={4} aria-label={countOf(article.view_count, 'view')} role="group">
            <IconEye size={16} aria-hidden="true" />
            <span aria-hidden="true">{formatCount(article.view_count)}</span>
          </Group>
          <Group gap={4} aria-label={countOf(article.helpful_votes, 'helpful vote')} role="group">
            <IconThumbUp size={16} aria-hidden="true" />
            <span aria-hidden="true">{formatCount(article.helpful_votes)}</span>
          </Group>
        </Group>
      </Group>
      <Title order={3} fz="lg" lineClamp={2}>
        {article.title}
      </Title>
      <Text size="sm" c="dimmed" mt="xs" style={{ flex: 1 }}>
        {excerpt(article.content)}
      </Text>
      <Button variant="light" mt="md" onClick={() => onOpen(article)} aria-label={`${action}: ${article.title}`}>
        {action}
      </Button>
    </Card>
  );
}, sameCard);
