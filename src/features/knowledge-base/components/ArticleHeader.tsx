import { Badge, Group, Text } from '@mantine/core';
import { IconEye, IconThumbUp } from '@tabler/icons-react';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { countOf, formatCount } from '@/lib/count.ts';
import type { ArticleLike } from '../rules.ts';

/**
 * Under an article's title: category and tag badges, when it was published, views and helpful
 * votes. Times read the one way the whole article uses ("9 months ago", the date on hover).
 */
export function ArticleHeader({ article }: { article: ArticleLike }) {
  return (
    <>
      <Group gap="xs">
        <Badge variant="filled">{article.category}</Badge>
        {article.tags.map((tag) => (
          <Badge key={tag} variant="outline" color="gray">
            {tag}
          </Badge>
        ))}
      </Group>
      <Group gap="md" c="dimmed" fz="sm" data-testid="article-counts">
        <Text span size="sm">
          <TimeAgo date={article.created_at} prefix="Published" />
        </Text>
        <Group gap={4}>
          <IconEye size={16} aria-hidden="true" />
          <span>{countOf(article.view_count, 'view')}</span>
        </Group>
        <Group gap={4}>
          <IconThumbUp size={16} aria-hidden="true" />
          <span>{`${formatCount(article.helpful_votes)} found this helpful`}</span>
        </Group>
      </Group>
    </>
  );
}
