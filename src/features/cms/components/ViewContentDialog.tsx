import { Badge, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { Markdown } from '@/components/Markdown.tsx';
import { statusLabel } from '@/lib/status.ts';
import type { CmsItem } from '../data/cms-content.ts';
import { authorName, formatDate } from './format.ts';

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** One item as readers will see it (the Markdown rendered and sanitized), with its details. */
export function ViewContentDialog({ item, onClose }: { item: CmsItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.title ?? ''} centered size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {item && (
        <Stack gap="sm" data-testid="content-view">
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {statusLabel(item.content_type)}
            </Badge>
            <Badge variant="filled" color="gray" autoContrast>
              {statusLabel(item.status)}
            </Badge>
            {item.tags.map((tag) => (
              <Badge key={tag} variant="dot" color="blue">
                {tag}
              </Badge>
            ))}
          </Group>
          <Detail label="Slug" value={`/${item.slug}`} />
          <Detail label="Author" value={authorName(item)} />
          <Detail label="Published" value={item.published_at ? formatDate(item.published_at) : 'Not published'} />
          <Detail label="Last updated" value={formatDate(item.updated_at)} />
          <Detail label="Excerpt" value={item.excerpt} />
          <Detail label="Featured image" value={item.featured_image_url} />
          <Detail label="Meta title" value={item.meta_title} />
          <Detail label="Meta description" value={item.meta_description} />
          <Divider />
          <Markdown source={item.content} data-testid="content-view-body" />
        </Stack>
      )}
    </Modal>
  );
}
