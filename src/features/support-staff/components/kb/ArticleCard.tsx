import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconThumbUp, IconTrash } from '@tabler/icons-react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { countOf, formatCount } from '@/lib/count.ts';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { KbArticle } from '../../data/kb-articles.ts';
import { excerpt } from '../../schemas.ts';

interface ArticleCardProps {
  article: KbArticle;
  writeState?: WriteState | undefined;
  onEdit: () => void;
  onTogglePublished: () => void;
  onDelete: () => void;
}

/** One article in the staff list: published or draft, counts, last update, the start of the text. */
export function ArticleCard({ article, writeState, onEdit, onTogglePublished, onDelete }: ArticleCardProps) {
  const titleId = `article-${article.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId} data-testid="staff-article" data-article-id={article.id}>
      <Stack gap="sm">
        <Group gap="xs" align="center">
          <Title order={3} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {article.title}
          </Title>
          <Badge variant="filled" autoContrast color={article.is_published ? 'green' : 'gray'} data-testid="article-state">
            {article.is_published ? 'Published' : 'Draft'}
          </Badge>
          {writeState && <StatusBadge kind="write" status={writeState} />}
        </Group>
        <Group gap="md" c="dimmed">
          <Text size="sm" data-testid="article-category">
            {article.category}
          </Text>
          <Group gap={4}>
            <IconEye size={14} aria-hidden />
            <Text size="sm" data-testid="article-views">
              {countOf(article.view_count, 'view')}
            </Text>
          </Group>
          <Group gap={4}>
            <IconThumbUp size={14} aria-hidden />
            <Text size="sm" data-testid="article-votes">
              {`${formatCount(article.helpful_votes)} helpful`}
            </Text>
          </Group>
          <Text size="sm">
            <TimeAgo date={article.updated_at} prefix="Updated" />
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="article-excerpt">
          {excerpt(article.content)}
        </Text>
        <Group gap="sm">
          <Button variant="default" size="sm" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit} aria-label={`Edit ${article.title}`}>
            Edit
          </Button>
          <Button
            variant="default"
            size="sm"
            leftSection={article.is_published ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
            onClick={onTogglePublished}
            aria-label={`${article.is_published ? 'Unpublish' : 'Publish'} ${article.title}`}
          >
            {article.is_published ? 'Unpublish' : 'Publish'}
          </Button>
          <Button variant="light" color="red" size="sm" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete} aria-label={`Delete ${article.title}`}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
