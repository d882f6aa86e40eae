import { IconStar } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import type { ArticleLike } from '../rules.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { ArticleGrid } from './ArticleGrid.tsx';

/** The Featured sub-tab: the published articles staff marked as featured; each one opens. */
export function FeaturedSection({ articles, onOpen }: { articles: readonly ArticleLike[]; onOpen: (article: ArticleLike) => void }) {
  if (articles.length === 0) {
    return <EmptyState icon={<IconStar size={28} />} title="No Featured Articles" titleOrder={3} text="Featured guides will appear here." />;
  }
  return (
    <ArticleGrid label="Featured articles">
      {articles.map((article) => (
        <ArticleCard key={article.id} article={article} onOpen={onOpen} action="Read Article" />
      ))}
    </ArticleGrid>
  );
}
