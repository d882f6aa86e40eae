import { useEffect } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { statusLabel } from '@/lib/status.ts';
import type { CmsItem } from '../data/cms-content.ts';
import { createContentMutation, updateContentMutation } from '../data/cms-queries.ts';
import { CONTENT_STATUSES, CONTENT_TYPES, META_DESCRIPTION_HINT, slugify } from '../rules.ts';
import { ContentFormSchema, EMPTY_CONTENT_FORM, toContentRow, type ContentFormValues } from '../schemas.ts';
import { MarkdownField } from './MarkdownField.tsx';

const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: statusLabel(type) }));
const STATUS_OPTIONS = CONTENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

function formValues(item: CmsItem): ContentFormValues {
  return {
    title: item.title,
    slug: item.slug,
    content_type: item.content_type,
    status: item.status,
    content: item.content,
    excerpt: item.excerpt ?? '',
    featured_image_url: item.featured_image_url ?? '',
    meta_title: item.meta_title ?? '',
    meta_description: item.meta_description ?? '',
    tags: item.tags.join(', '),
  };
}

interface ContentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The item being edited; none: Create Content. */
  item?: CmsItem | null;
}

/**
 * Create or edit content. The slug follows the title as it is typed (new content always; an
 * existing item only while its slug is still its title's, so renaming a page never moves its
 * public URL). Empty optional fields are stored as null. A failure keeps the dialog open.
 */
export function ContentDialog({ opened, onClose, item = null }: ContentDialogProps) {
  const editing = item !== null;
  const create = useMutation(createContentMutation);
  const update = useMutation(updateContentMutation);
  const form = useForm<ContentFormValues>({
    initialValues: EMPTY_CONTENT_FORM,
    validate: schemaResolver(ContentFormSchema, { sync: true }),
  });
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!opened) return;
    const values = item ? formValues(item) : EMPTY_CONTENT_FORM;
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    // Only when the dialog opens (or opens for another item): not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, item?.id]);

  // Typing in the title (not loading an item into the form) refreshes the slug.
  const onTitle = (title: string) => {
    const { slug, title: previous } = form.getValues();
    if (!editing || slug === slugify(previous)) form.setFieldValue('slug', slugify(title));
    form.setFieldValue('title', title);
  };

  const close = () => {
    if (!saving) onClose();
  };

  const onSubmit = form.onSubmit(async (values) => {
    const slug = values.slug.trim() || slugify(values.title);
    if (!slug) {
      form.setFieldError('slug', 'Slug is required');
      return;
    }
    const row = toContentRow({ ...values, slug });
    try {
      if (item) await update.mutateAsync({ id: item.id, changes: row });
      else await create.mutateAsync(row);
    } catch {
      notifications.show({ title: 'Error', message: editing ? 'Failed to update content' : 'Failed to create content', color: 'red' });
      return;
    }
    notifications.show({ title: 'Success', message: editing ? 'Content updated successfully' : 'Content created successfully', color: 'green' });
    onClose();
  });

  const title = editing ? 'Edit Content' : 'Create Content';
  const metaLength = form.values.meta_description.length;
  return (
    <Modal opened={opened} onClose={close} title={title} centered size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Title"
              placeholder="Content title"
              required
              data-autofocus
              {...form.getInputProps('title')}
              onChange={(event) => onTitle(event.currentTarget.value)}
            />
            <TextInput label="Slug" placeholder="content-slug" description="Filled in from the title" {...form.getInputProps('slug')} />
            <Select label="Content Type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('content_type')} />
            <Select label="Status" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('status')} />
          </SimpleGrid>
          <MarkdownField {...form.getInputProps('content')} value={form.values.content} />
          <Textarea label="Excerpt" placeholder="Brief summary of the content" autosize minRows={2} maxRows={4} {...form.getInputProps('excerpt')} />
          <TextInput label="Featured Image URL" placeholder="https://example.com/image.jpg" type="url" {...form.getInputProps('featured_image_url')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Meta Title" placeholder="SEO title" {...form.getInputProps('meta_title')} />
            <TextInput label="Tags" placeholder="tag1, tag2, tag3" description="Comma separated" {...form.getInputProps('tags')} />
          </SimpleGrid>
          <Textarea
            label="Meta Description"
            placeholder="SEO description"
            description={`${META_DESCRIPTION_HINT} characters max (${metaLength} typed)`}
            autosize
            minRows={2}
            maxRows={4}
            {...form.getInputProps('meta_description')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {editing ? (saving ? 'Updating...' : 'Update Content') : saving ? 'Creating...' : 'Create Content'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
