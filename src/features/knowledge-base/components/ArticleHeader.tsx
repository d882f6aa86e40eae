import { Badge, Group, Text } from '@mantine/core';
import { IconEye, IconThumbUp } from '@tabler/icons-react';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { ArticleLike } from '../rules.ts';

/** Under an article's title: category and tag badges, when it was written, views and helpful votes. */
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
          <TimeAgo date={article.created_at} />
        </Text>
        <Group gap={4}>
          <IconEye size={16} aria-hidden="true" />
          <span>{`${article.view_count} views`}</span>
        </Group>
        <Group gap={4}>
          <IconThumbUp size={16} aria-hidden="true" />
          <span>{`${article.helpful_votes} found this helpful`}</span>
        </Group>
      </Group>
    </>
  );
}
