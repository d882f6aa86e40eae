import { useMemo } from 'react';
import { useCollectionQuery, useDataOwner } from '@/db/react.tsx';
import { useWriteStates, type WriteState } from '@/db/sync/write-states.ts';
import { allArticlesQuery, type KbArticle } from './data/kb-articles.ts';

export type ArticlesState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; articles: KbArticle[] };

/** Every article, drafts included, newest first, live; and which have a change still on its way. */
export function useStaffArticles(): { state: ArticlesState; writeStates: ReadonlyMap<string, WriteState> } {
  const userId = useDataOwner();
  const { docs, loading, error } = useCollectionQuery('kb_articles', allArticlesQuery);
  const writeStates = useWriteStates(userId, 'kb_articles');
  // Stable while the documents are: the search index is rebuilt only when they change.
  const failed = Boolean(error);
  const state = useMemo<ArticlesState>(() => (failed ? { status: 'error' } : loading ? { status: 'loading' } : { status: 'loaded', articles: docs }), [failed, loading, docs]);
  return { state, writeStates };
}
