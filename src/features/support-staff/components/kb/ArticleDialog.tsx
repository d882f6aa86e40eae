import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Switch, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import * as v from 'valibot';
import { Markdown } from '@/components/Markdown.tsx';
import { useAppDatabase, useDataOwner } from '@/db/react.tsx';
import { createArticle, updateArticle, type KbArticle } from '../../data/kb-articles.ts';
import { ARTICLE_TITLE_MAX, ArticleFormSchema, EMPTY_ARTICLE, KB_CATEGORIES, type ArticleFormValues, type ArticleInput } from '../../schemas.ts';
import { TagsField } from './TagsField.tsx';

interface ArticleDialogProps {
  opened: boolean;
  /** The article being edited; null creates a new one. */
  article: KbArticle | null;
  onClose: () => void;
}

const valuesOf = (article: KbArticle | null): ArticleFormValues =>
  article ? { title: article.title, category: article.category, content: article.content, tags: [...article.tags], is_published: article.is_published } : EMPTY_ARTICLE;

/**
 * Create or edit an article: title, category (the eight of the knowledge base), Markdown content
 * with a preview (sanitized as readers see it), tags and 'Publish Article'. Saved to this
 * device's database at once and delivered by replication; a failed save keeps the dialog open.
 */
export function ArticleDialog({ opened, article, onClose }: ArticleDialogProps) {
  const db = useAppDatabase();
  const me = useDataOwner();
  const [saving, setSaving] = useState(false);
  const editing = article !== null;
  const form = useForm<ArticleFormValues>({ initialValues: EMPTY_ARTICLE, validate: schemaResolver(ArticleFormSchema, { sync: true }) });

  const articleId = article?.id ?? null;
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(article));
    form.resetDirty();
    form.clearErrors();
    // Only when the dialog opens for an article: a live update must not overwrite what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, articleId]);

  const close = () => {
    if (saving) return;
    onClose();
  };

  const onSubmit = form.onSubmit(async (values) => {
    const input = v.parse(ArticleFormSchema, values) as ArticleInput;
    setSaving(true);
    try {
      if (article) await updateArticle(db, article.id, input);
      else await createArticle(db, me, input);
    } catch (error) {
      console.error(error);
      notifications.show({ title: 'Error', message: editing ? 'Failed to update article' : 'Failed to create article', color: 'red' });
      return;
    } finally {
      setSaving(false);
    }
    notifications.show({ title: 'Success', message: editing ? 'Article updated successfully' : 'Article created successfully', color: 'green' });
    form.setValues(EMPTY_ARTICLE);
    onClose();
  });

  const submitLabel = saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update Article' : 'Create Article';

  return (
    <Modal opened={opened} onClose={close} title={editing ? 'Edit Article' : 'Create New Article'} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit Article' : 'Create New Article'}>
        <Stack gap="sm">
          <TextInput label="Title" placeholder="Article title" required maxLength={ARTICLE_TITLE_MAX + 50} data-autofocus {...form.getInputProps('title')} />
          <Select label="Category" placeholder="Select a category" required data={[...KB_CATEGORIES]} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('category')} />
          <Tabs defaultValue="write" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="write">Write</Tabs.Tab>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="xs">
              <Textarea
                label="Content"
                description="Markdown: headings, lists, links, emphasis"
                placeholder="Write your article content here..."
                required
                autosize
                minRows={8}
                styles={{ input: { minHeight: 200 } }}
                {...form.getInputProps('content')}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="xs">
              <Stack gap={4} mih={200} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }} data-testid="article-preview">
                {form.values.content.trim() ? <Markdown source={form.values.content} /> : <Text size="sm" c="dimmed">Nothing to preview yet.</Text>}
              </Stack>
              {form.errors.content && (
                <Text size="sm" c="red" mt={4}>
                  {form.errors.content}
                </Text>
              )}
            </Tabs.Panel>
          </Tabs>
          <TagsField value={form.values.tags} onChange={(tags) => form.setFieldValue('tags', tags)} />
          <Switch label="Publish Article" description="Make this article visible to users" {...form.getInputProps('is_published', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
