import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { statusLabel } from '@/lib/status.ts';
import type { CmsItem } from '../data/cms-content.ts';
import { CONTENT_STATUSES, type ContentStatus } from '../rules.ts';
import { authorName } from './format.ts';

const STATUS_OPTIONS = CONTENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

interface ContentRowProps {
  item: CmsItem;
  /** Only admins delete content; support sees no Delete button. */
  canDelete: boolean;
  /** The row's status change is being saved. */
  saving: boolean;
  onStatus: (status: ContentStatus) => void;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One library entry: title, type, slug, author, last change, status selector and its actions. */
export function ContentRow({ item, canDelete, saving, onStatus, onView, onEdit, onDelete }: ContentRowProps) {
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="content-row" data-id={item.id}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs">
            <Text component="h3" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
            <Badge variant="outline" color="gray">
              {statusLabel(item.content_type)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            /{item.slug} · By {authorName(item)} · Updated <TimeAgo date={item.updated_at} />
          </Text>
          {item.excerpt && (
            <Text size="sm" lineClamp={2}>
              {item.excerpt}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Select
            aria-label={`Status of ${item.title}`}
            data={STATUS_OPTIONS}
            value={item.status}
            allowDeselect={false}
            disabled={saving}
            onChange={(value) => value && value !== item.status && onStatus(value as ContentStatus)}
            w={140}
          />
          <Button variant="default" leftSection={<IconEye size={16} aria-hidden="true" />} onClick={onView} aria-label={`View ${item.title}`}>
            View
          </Button>
          <Button variant="default" leftSection={<IconEdit size={16} aria-hidden="true" />} onClick={onEdit} aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
          {canDelete && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={onDelete} aria-label={`Delete ${item.title}`}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
