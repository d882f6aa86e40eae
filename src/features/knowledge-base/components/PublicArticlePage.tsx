import { useEffect, useRef } from 'react';
import { Anchor, Container, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconFileOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { Markdown } from '@/components/Markdown.tsx';
import { whenIdle } from '@/lib/live-after-idle.ts';
import { recordArticleView } from '../data/kb-counters.ts';
import type { ArticlePageData } from '../data/public-loaders.ts';
import { useLiveArticlePage } from '../data/use-live-articles.ts';
import { fetchPublicArticles } from '../data/public-articles.ts';
import { ArticleHeader } from './ArticleHeader.tsx';
import { ArticleInfo } from './ArticleInfo.tsx';

/** /support/articles/<id>: one published article, readable signed out (and offline once read). */
export function PublicArticlePage({ id, initial, onRetry }: { id: string; initial: ArticlePageData; onRetry: () => void }) {
  const data = useLiveArticlePage(id, initial);
  const articleId = data.status === 'found' ? data.article.id : null;
  const title = data.status === 'found' ? data.article.title : '';

  // One view per opening: the live copy replacing the built one (a new title) is not a new view.
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!articleId || recorded.current === articleId) return;
    recorded.current = articleId;
    whenIdle(() => {
      // Reading the page is opening the article: one view, queued (so offline it counts later,
      // once), after the page has shown, so the outbox's code never delays it.
      recordArticleView(articleId, title, null).catch((error: unknown) => console.error('Article view not recorded', error));
      // The list too, so the service worker keeps it for offline reading and forgets the articles
      // unpublished since (offline this simply fails).
      fetchPublicArticles().catch(() => undefined);
    });
  }, [articleId, title]);

  return (
    <Container size="md" py="xl" component="article">
      <Stack gap="md">
        <Anchor component={Link} to="/support/articles" size="sm">
          <IconArrowLeft size={14} aria-hidden="true" /> Knowledge Base
        </Anchor>
        {data.status === 'found' && (
          <>
            <Title order={1}>{data.article.title}</Title>
            <ArticleHeader article={data.article} />
            <Markdown source={data.article.content} data-testid="article-content" />
            <ArticleInfo article={data.article} />
          </>
        )}
        {data.status === 'missing' && (
          <EmptyState icon={<IconFileOff size={28} />} titleOrder={1} title="Article Not Found" text="This article does not exist or is no longer published." />
        )}
        {data.status === 'unavailable' && (
          <>
            <Title order={1}>Knowledge Base</Title>
            <LoadError
              title="This article could not be loaded"
              text={navigator.onLine ? undefined : 'You are offline, and this article has not been saved for offline reading yet.'}
              onRetry={onRetry}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
