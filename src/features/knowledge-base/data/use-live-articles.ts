import { useCallback } from 'react';
import { useLiveAfterIdle } from '@/lib/live-after-idle.ts';
import { liveArticleList, liveArticlePage, type ArticleListData, type ArticlePageData } from './public-loaders.ts';

export function useLiveArticlePage(id: string, initial: ArticlePageData): ArticlePageData {
  return useLiveAfterIdle(initial, id, useCallback(() => liveArticlePage(id), [id]));
}

export function useLiveArticleList(initial: ArticleListData): ArticleListData {
  return useLiveAfterIdle(initial, 'list', liveArticleList);
}
