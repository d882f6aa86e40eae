// Published articles from this device's kb_articles collection (replicated from public.kb_articles;
// RLS sends customers only published ones, staff all, so the query keeps to published ones too).
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export type KbArticleDoc = DocOf<'kb_articles'>;

/** Every published article, newest first (the screen sorts and filters further). */
export function publishedArticlesQuery(): MangoQuery<KbArticleDoc> {
  return { selector: { is_published: true }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}
