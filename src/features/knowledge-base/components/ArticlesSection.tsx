import { useMemo, useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { ALL_CATEGORIES, SORTS, categoriesOf, isArticleSort, sortArticles, type ArticleLike, type ArticleSort } from '../rules.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { ArticleGrid } from './ArticleGrid.tsx';

interface ArticlesSectionProps {
  /** Every published article on the device (the category list is built from these). */
  articles: readonly ArticleLike[];
  /** The ones matching the search box. */
  found: readonly ArticleLike[];
  searching: boolean;
  onOpen: (article: ArticleLike) => void;
}

/** The Articles sub-tab: category filter, sort, cards, or why there are none. */
export function ArticlesSection({ articles, found, searching, onOpen }: ArticlesSectionProps) {
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [sort, setSort] = useState<ArticleSort>('recent');
  const categories = useMemo(() => categoriesOf(articles), [articles]);
  const shown = useMemo(
    () => sortArticles(category === ALL_CATEGORIES ? found : found.filter((article) => article.category === category), sort),
    [found, category, sort],
  );
  const filtered = searching || category !== ALL_CATEGORIES;

  return (
    <Stack gap="md">
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label="Category"
          data={[{ value: ALL_CATEGORIES, label: 'All Categories' }, ...categories.map((name) => ({ value: name, label: name }))]}
          value={category}
          onChange={(value) => setCategory(value ?? ALL_CATEGORIES)}
          allowDeselect={false}
          maw={280}
        />
        <Select label="Sort by" data={[...SORTS]} value={sort} onChange={(value) => isArticleSort(value) && setSort(value)} allowDeselect={false} maw={220} />
      </Group>
      {shown.length === 0 ? (
        <EmptyState
          icon={<IconBook size={28} />}
          title="No Articles Found"
          titleOrder={3}
          text={filtered ? 'No articles match your current filters.' : 'No articles are available at the moment.'}
        />
      ) : (
        <ArticleGrid label="Knowledge base articles">
          {shown.map((article) => (
            <ArticleCard key={article.id} article={article} onOpen={onOpen} />
          ))}
        </ArticleGrid>
      )}
    </Stack>
  );
}
