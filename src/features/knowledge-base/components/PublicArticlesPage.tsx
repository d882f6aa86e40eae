import { useMemo, useState } from 'react';
import { Anchor, Badge, Card, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBook, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { useSearch } from '@/lib/search.ts';
import type { ArticleListData } from '../data/public-loaders.ts';
import { useLiveArticleList } from '../data/use-live-articles.ts';
import type { PublicArticle } from '../data/public-articles.ts';
import { articleSearch, excerpt } from '../rules.ts';
import { ArticleGrid } from './ArticleGrid.tsx';

const NONE: PublicArticle[] = [];

/** /support/articles: every published article, with a search box; readable signed out. */
export function PublicArticlesPage({ initial, onRetry }: { initial: ArticleListData; onRetry: () => void }) {
  const data = useLiveArticleList(initial);
  const [query, setQuery] = useState('');
  const articles = data.status === 'found' ? data.articles : NONE;
  const found = useSearch(articles, useMemo(() => articleSearch<PublicArticle>(), []), query);

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>Knowledge Base</Title>
          <Text c="dimmed">Guides and answers for your GarageGuard system.</Text>
        </div>
        {data.status === 'unavailable' ? (
          <LoadError title="The articles could not be loaded" onRetry={onRetry} />
        ) : (
          <>
            <TextInput
              label="Search articles"
              placeholder="Search articles..."
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              maw={480}
            />
            {found.length === 0 ? (
              <EmptyState
                icon={<IconBook size={28} />}
                title="No Articles Found"
                text={query.trim() ? 'No articles match your search.' : 'No articles are available at the moment.'}
              />
            ) : (
              <ArticleGrid label="Published articles">
                {found.map((article) => (
                  <Card key={article.id} component="li" withBorder radius="md" padding="lg" data-testid="public-article-card">
                    <Badge variant="light" mb="xs">
                      {article.category}
                    </Badge>
                    <Title order={2} fz="lg">
                      <Anchor c="inherit" renderRoot={(props) => <Link to="/support/articles/$articleId" params={{ articleId: article.id }} {...props} />}>
                        {article.title}
                      </Anchor>
                    </Title>
                    <Text size="sm" c="dimmed" mt="xs">
                      {excerpt(article.content)}
                    </Text>
                  </Card>
                ))}
              </ArticleGrid>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
