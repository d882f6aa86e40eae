// What the public article routes load. Never throws: a page that cannot be read says so itself
// (offline and not kept by the service worker yet, or a server error).
import { isArticleId } from '@/lib/kb-public-api.ts';
import { fetchPublicArticle, fetchPublicArticles, type PublicArticle } from './public-articles.ts';

export type ArticlePageData = { status: 'found'; article: PublicArticle } | { status: 'missing' } | { status: 'unavailable' };
export type ArticleListData = { status: 'found'; articles: PublicArticle[] } | { status: 'unavailable' };

export async function loadArticlePage(id: string): Promise<ArticlePageData> {
  if (!isArticleId(id)) return { status: 'missing' };
  try {
    const article = await fetchPublicArticle(id);
    return article ? { status: 'found', article } : { status: 'missing' };
  } catch (error) {
    console.error('Article not loaded', error);
    return { status: 'unavailable' };
  }
}

export async function loadArticleList(): Promise<ArticleListData> {
  try {
    return { status: 'found', articles: await fetchPublicArticles() };
  } catch (error) {
    console.error('Articles not loaded', error);
    return { status: 'unavailable' };
  }
}
