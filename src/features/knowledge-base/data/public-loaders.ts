// What the public article routes load. Never throws: a page that cannot be read says so itself
// (offline and not kept by the service worker yet, or a server error).
//
// The build's snapshot answers first, so a prerendered page hydrates with exactly what it shows;
// the page then asks for the live rows (./use-live-article.ts). An article published after the
// build is not in the snapshot and is read live.
import { isArticleId } from '@/lib/kb-public-api.ts';
import { snapshotArticles } from './article-snapshot.ts';
import { fetchPublicArticle, fetchPublicArticles, type PublicArticle } from './public-articles.ts';

export type ArticlePageData = { status: 'found'; article: PublicArticle } | { status: 'missing' } | { status: 'unavailable' };
export type ArticleListData = { status: 'found'; articles: PublicArticle[] } | { status: 'unavailable' };

export async function liveArticlePage(id: string): Promise<ArticlePageData> {
  try {
    const article = await fetchPublicArticle(id);
    return article ? { status: 'found', article } : { status: 'missing' };
  } catch (error) {
    console.error('Article not loaded', error);
    return { status: 'unavailable' };
  }
}

export async function liveArticleList(): Promise<ArticleListData> {
  try {
    return { status: 'found', articles: await fetchPublicArticles() };
  } catch (error) {
    console.error('Articles not loaded', error);
    return { status: 'unavailable' };
  }
}

export async function loadArticlePage(id: string): Promise<ArticlePageData> {
  if (!isArticleId(id)) return { status: 'missing' };
  const built = (await snapshotArticles()).find((article) => article.id === id);
  return built ? { status: 'found', article: built } : liveArticlePage(id);
}

export async function loadArticleList(): Promise<ArticleListData> {
  return { status: 'found', articles: await snapshotArticles() };
}
