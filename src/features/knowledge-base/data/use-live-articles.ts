import { useCallback, useEffect, useState } from 'react';
import { liveArticleList, liveArticlePage, type ArticleListData, type ArticlePageData } from './public-loaders.ts';

const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 200));

/**
 * The loader's data (the build's copy, or a live read), replaced by the live rows once the page is
 * idle: an edit, an unpublished article or a new one shows without a rebuild. An answer that cannot
 * arrive (offline, and never kept by the service worker) keeps what the page shows.
 */
function useLive<T extends { status: string }>(initial: T, key: string, read: () => Promise<T>): T {
  const [live, setLive] = useState<{ key: string; data: T } | null>(null);
  useEffect(() => {
    let current = true;
    whenIdle(() => {
      void read().then((data) => {
        if (current && data.status !== 'unavailable') setLive({ key, data });
      });
    });
    return () => {
      current = false;
    };
  }, [key, read]);
  return live?.key === key ? live.data : initial;
}

export function useLiveArticlePage(id: string, initial: ArticlePageData): ArticlePageData {
  return useLive(initial, id, useCallback(() => liveArticlePage(id), [id]));
}

export function useLiveArticleList(initial: ArticleListData): ArticleListData {
  return useLive(initial, 'list', liveArticleList);
}
