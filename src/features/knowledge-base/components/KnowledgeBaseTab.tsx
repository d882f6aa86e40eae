import { useCallback, useMemo, useState } from 'react';
import { Tabs } from '@mantine/core';
import { IconBook, IconHelpCircle, IconStar } from '@tabler/icons-react';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useSearch } from '@/lib/search.ts';
import { recordArticleView } from '../data/kb-counters.ts';
import { publishedArticlesQuery, type KbArticleDoc } from '../data/kb-articles.ts';
import { ARTICLE_SKELETONS, articleSearch, type ArticleLike } from '../rules.ts';
import { ArticleDialog } from './ArticleDialog.tsx';
import { ArticlesSection } from './ArticlesSection.tsx';
import { FaqSection } from './FaqSection.tsx';
import { FeaturedSection } from './FeaturedSection.tsx';

export type KnowledgeBaseSection = 'articles' | 'featured' | 'faq';

interface KnowledgeBaseTabProps {
  /** The Support Center's search box: filters the articles (typos and word order tolerated). */
  query: string;
  /** The sub-tab shown first (the FAQ quick action opens 'faq'). */
  initialSection?: KnowledgeBaseSection;
}

/**
 * The Support Center's Knowledge Base: Articles, Featured and FAQ, read from the published
 * articles on this device (so it works offline), with the article dialog.
 */
export function KnowledgeBaseTab({ query, initialSection = 'articles' }: KnowledgeBaseTabProps) {
  const userId = useDataOwner();
  const { retry } = useUserDataStatus();
  // An article unpublished on the server leaves the device when the session reconciles what the
  // user may still read (src/db/session.ts): the pull itself never reports it to a customer.
  const { docs, loading, error } = useCollectionQuery('kb_articles', publishedArticlesQuery());
  const found = useSearch(docs, articleSearch<KbArticleDoc>(), query);
  const featured = useMemo(() => found.filter((article) => article.is_featured), [found]);
  const [section, setSection] = useState<string | null>(initialSection);
  const [openId, setOpenId] = useState<string | null>(null);
  // The open article stays live: counts change as the server's answers replicate.
  const open = openId ? (docs.find((article) => article.id === openId) ?? null) : null;

  // Stable, so the article cards (memoised) do not all re-render with each change of this tab.
  const openArticle = useCallback(
    (article: ArticleLike) => {
      setOpenId(article.id);
      // One view per opening, queued so that it counts once even when sent offline.
      recordArticleView(article.id, article.title, userId).catch((failure: unknown) => console.error('Article view not recorded', failure));
    },
    [userId],
  );

  return (
    <>
      <Tabs value={section} onChange={setSection} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="articles" leftSection={<IconBook size={16} aria-hidden="true" />}>
            Articles
          </Tabs.Tab>
          <Tabs.Tab value="featured" leftSection={<IconStar size={16} aria-hidden="true" />}>
            Featured
          </Tabs.Tab>
          <Tabs.Tab value="faq" leftSection={<IconHelpCircle size={16} aria-hidden="true" />}>
            FAQ
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="articles">
          {error ? (
            <LoadError title="The articles could not be loaded" onRetry={retry ?? undefined} />
          ) : loading ? (
            <SkeletonList count={ARTICLE_SKELETONS} label="Loading articles" />
          ) : (
            <ArticlesSection articles={docs} found={found} searching={query.trim() !== ''} onOpen={openArticle} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="featured">
          {error ? (
            <LoadError title="The articles could not be loaded" onRetry={retry ?? undefined} />
          ) : loading ? (
            <SkeletonList count={ARTICLE_SKELETONS} label="Loading articles" />
          ) : (
            <FeaturedSection articles={featured} onOpen={openArticle} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="faq">
          <FaqSection />
        </Tabs.Panel>
      </Tabs>
      <ArticleDialog article={open} userId={userId} onClose={() => setOpenId(null)} />
    </>
  );
}
