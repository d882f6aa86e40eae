import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook, IconPlus, IconSearch } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useAppDatabase, useUserDataStatus } from '@/db/react.tsx';
import { useSearch } from '@/lib/search.ts';
import { deleteArticle, setArticlePublished, type KbArticle } from '../../data/kb-articles.ts';
import { useStaffArticles } from '../../use-articles.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { ArticleDialog } from './ArticleDialog.tsx';

/** Article list skeletons (the product's admin article list shows five). */
const SKELETONS = 5;

type Editing = { article: KbArticle | null } | null;

/** Knowledge Base: every article, drafts included; create, edit, publish or unpublish, delete. */
export function ArticlesTab() {
  const db = useAppDatabase();
  const { retry } = useUserDataStatus();
  const { state, writeStates } = useStaffArticles();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<KbArticle | null>(null);
  const articles = state.status === 'loaded' ? state.articles : [];
  const shown = useSearch(articles, { fields: ['title', 'content', 'category', 'tags'], idField: 'id', boost: { title: 3, tags: 2 } }, search);

  const togglePublished = async (article: KbArticle) => {
    try {
      await setArticlePublished(db, article.id, !article.is_published);
    } catch (error) {
      console.error(error);
      notifications.show({ title: 'Error', message: 'Failed to update article status', color: 'red' });
      return;
    }
    notifications.show({ title: 'Success', message: 'Article status updated', color: 'green' });
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteArticle(db, deleting.id);
    } catch (error) {
      console.error(error);
      notifications.show({ title: 'Error', message: 'Failed to delete article', color: 'red' });
      throw error;
    }
    notifications.show({ title: 'Success', message: 'Article deleted successfully', color: 'green' });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h3">
              Knowledge Base Articles
            </Title>
            <Text size="sm" c="dimmed">
              Manage help articles and documentation
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ article: null })}>
            New Article
          </Button>
        </Group>
        <TextInput
          label="Search articles"
          placeholder="Search articles..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />

        {state.status === 'loading' && <SkeletonList count={SKELETONS} label="Loading articles" lines={3} />}
        {state.status === 'error' && <LoadError title="Failed to load articles" text="The articles saved on this device could not be read." onRetry={retry ?? undefined} />}
        {state.status === 'loaded' && shown.length === 0 && (
          <EmptyState
            icon={<IconBook size={28} />}
            title="No Articles Found"
            titleOrder={3}
            text={search.trim() ? 'No articles match your search query.' : 'No knowledge base articles have been created yet.'}
          />
        )}
        {shown.length > 0 && (
          <Stack gap="md" data-testid="staff-article-list">
            {shown.map((article) => (
              <ArticleCard
                key={article.id}
                article={article}
                writeState={writeStates.get(article.id)}
                onEdit={() => setEditing({ article })}
                onTogglePublished={() => void togglePublished(article)}
                onDelete={() => setDeleting(article)}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <ArticleDialog opened={editing !== null} article={editing?.article ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={remove}
        title="Delete Article"
        message="Are you sure you want to delete this article?"
        confirmLabel="Delete"
        danger
      />
    </Card>
  );
}
