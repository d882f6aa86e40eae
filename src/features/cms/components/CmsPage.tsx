import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataAge } from '@/components/DataAge.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import type { CmsItem } from '../data/cms-content.ts';
import { cmsContentQuery, deleteContentMutation, updateContentMutation } from '../data/cms-queries.ts';
import type { ContentStatus } from '../rules.ts';
import { CmsStatCards } from './CmsStatCards.tsx';
import { ContentDialog } from './ContentDialog.tsx';
import { ContentRow } from './ContentRow.tsx';
import { ViewContentDialog } from './ViewContentDialog.tsx';

/**
 * Content Management: stat cards, Create Content, and the library (last changed first) with a
 * status selector, View, Edit and, for admins only, Delete.
 */
export function CmsPage({ canDelete }: { canDelete: boolean }) {
  const content = useQuery(cmsContentQuery);
  const update = useMutation(updateContentMutation);
  const remove = useMutation(deleteContentMutation);
  const [creating, setCreating] = useState(false);
  // The item stays set while its dialog closes, so the dialog keeps its title during the animation.
  const [editing, setEditing] = useState<{ item: CmsItem; open: boolean } | null>(null);
  const [viewing, setViewing] = useState<CmsItem | null>(null);
  const [deleting, setDeleting] = useState<CmsItem | null>(null);
  const items = content.data;

  useEffect(() => {
    if (content.isError) notifications.show({ title: 'Error', message: 'Failed to fetch CMS content', color: 'red' });
  }, [content.isError]);

  const changeStatus = (item: CmsItem, status: ContentStatus) =>
    update.mutate(
      { id: item.id, changes: { status } },
      {
        onSuccess: () => notifications.show({ title: 'Success', message: 'Content updated successfully', color: 'green' }),
        onError: () => notifications.show({ title: 'Error', message: 'Failed to update content', color: 'red' }),
      },
    );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch (error) {
      notifications.show({ title: 'Error', message: 'Failed to delete content', color: 'red' });
      throw error;
    }
    notifications.show({ title: 'Success', message: 'Content deleted successfully', color: 'green' });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Content Management</Title>
          <Text c="dimmed">Pages, posts and documentation: write, publish and archive.</Text>
          <DataAge updatedAt={content.dataUpdatedAt} failed={content.isError} />
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
          Create Content
        </Button>
      </Group>
      <CmsStatCards items={items} />
      <Stack component="section" aria-labelledby="content-library" gap="sm">
        <Title order={2} id="content-library" fz="h3">
          Content Library
        </Title>
        {!items && content.isError && <LoadError title="Failed to fetch CMS content" onRetry={() => void content.refetch()} />}
        {!items && !content.isError && <SkeletonList count={5} label="Loading content…" lines={1} />}
        {items?.length === 0 && (
          <EmptyState
            icon={<IconFileText />}
            title="No Content Found"
            text="No pages, posts or documents have been created yet."
            action={<Button onClick={() => setCreating(true)}>Create Your First Content</Button>}
          />
        )}
        {items && items.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Content library">
            {items.map((item) => (
              <ContentRow
                key={item.id}
                item={item}
                canDelete={canDelete}
                saving={update.isPending && update.variables.id === item.id}
                onStatus={(status) => changeStatus(item, status)}
                onView={() => setViewing(item)}
                onEdit={() => setEditing({ item, open: true })}
                onDelete={() => setDeleting(item)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ContentDialog opened={creating} onClose={() => setCreating(false)} />
      <ContentDialog opened={editing?.open ?? false} item={editing?.item ?? null} onClose={() => setEditing((current) => current && { ...current, open: false })} />
      <ViewContentDialog item={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title="Delete Content"
        message={`Are you sure you want to delete "${deleting?.title ?? ''}"? This cannot be undone.`}
        confirmLabel="Delete"
        danger
      />
    </Stack>
  );
}
