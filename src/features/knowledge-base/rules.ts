// The knowledge base's display rules: excerpts, sorting, categories, search fields.
import type { SearchSpec } from '@/lib/search.ts';
import { plainText } from '@/lib/markdown-text.ts';

/** A customer's article card shows the first 150 characters of the article, then '...'. */
export const EXCERPT_LENGTH = 150;
/** Placeholder cards while the articles load. */
export const ARTICLE_SKELETONS = 6;

export const SORTS = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'views', label: 'Most Viewed' },
  { value: 'helpful', label: 'Most Helpful' },
] as const;
export type ArticleSort = (typeof SORTS)[number]['value'];

export const ALL_CATEGORIES = 'all';

/** What sorting and searching need of an article (RxDB documents and public REST rows alike). */
export interface ArticleLike {
  id: string;
  title: string;
  content: string;
  category: string;
  tags: string[];
  view_count: number;
  helpful_votes: number;
  created_at: string;
  updated_at: string;
}

/** Search by title (counts most), content, tags and category; typos and word order tolerated. */
export const articleSearch = <T extends ArticleLike>(): SearchSpec<T> => ({
  fields: ['title', 'content', 'tags', 'category'],
  idField: 'id',
  boost: { title: 3, tags: 2 } as SearchSpec<T>['boost'],
});

/** The first 150 characters of the article's text plus '...'. */
export function excerpt(markdown: string): string {
  return `${plainText(markdown).slice(0, EXCERPT_LENGTH)}...`;
}

const BY: Record<ArticleSort, (a: ArticleLike, b: ArticleLike) => number> = {
  recent: (a, b) => b.created_at.localeCompare(a.created_at),
  views: (a, b) => b.view_count - a.view_count,
  helpful: (a, b) => b.helpful_votes - a.helpful_votes,
};

/** Sorted copy, descending; ties keep the newest first, then the id, so the order is stable. */
export function sortArticles<T extends ArticleLike>(articles: readonly T[], sort: ArticleSort): T[] {
  return [...articles].sort((a, b) => BY[sort](a, b) || BY.recent(a, b) || a.id.localeCompare(b.id));
}

/** 'All Categories' plus each category of the loaded articles, alphabetically. */
export function categoriesOf(articles: readonly ArticleLike[]): string[] {
  return [...new Set(articles.map((article) => article.category))].sort((a, b) => a.localeCompare(b));
}

export const isArticleSort = (value: string | null): value is ArticleSort => SORTS.some((sort) => sort.value === value);

/** The public page of a published article (readable signed out, kept offline by the service worker). */
export const articlePath = (id: string) => `/support/articles/${id}`;
