// Knowledge-base articles, in the kb_articles collection: staff pull every article, drafts
// included (RLS), and write them like any replicated row. Local first, so an edit made offline
// waits, marked pending, and replication delivers it; RLS allows staff to insert, update and
// delete, and the server keeps author_id the creator's own id (guard_owner_column). A delete is
// soft (_deleted), so it reaches every device and the customers' caches drop the article.
import type { MangoQuery } from 'rxdb';
import type { KbArticle } from '@/db/collections/index.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';
import type { ArticleInput } from '../schemas.ts';

export type { KbArticle };

/** Newest first; the id breaks ties. */
export const allArticlesQuery: MangoQuery<DocOf<'kb_articles'>> = { selector: {}, sort: [{ created_at: 'desc' }, { id: 'desc' }] };

function articlesOf(db: AppDatabase | null) {
  const articles = db?.kb_articles;
  if (!articles) throw new Error('The data on this device is not open yet');
  return articles;
}

async function findArticle(db: AppDatabase | null, id: string) {
  const doc = await articlesOf(db).findOne(id).exec();
  if (!doc) throw new Error('This article is no longer on this device');
  return doc;
}

export async function createArticle(db: AppDatabase | null, authorId: string | null, input: ArticleInput, now = new Date()): Promise<KbArticle> {
  if (!authorId) throw new Error('User not authenticated');
  const at = now.toISOString();
  const article: KbArticle = {
    id: crypto.randomUUID(),
    ...input,
    is_featured: false,
    author_id: authorId,
    view_count: 0,
    helpful_votes: 0,
    created_at: at,
    updated_at: at,
  };
  await articlesOf(db).insert(article);
  return article;
}

export async function updateArticle(db: AppDatabase | null, id: string, input: ArticleInput): Promise<void> {
  const doc = await findArticle(db, id);
  await doc.incrementalPatch({ ...input, updated_at: new Date().toISOString() });
}

/** Publish / Unpublish: flips is_published. */
export async function setArticlePublished(db: AppDatabase | null, id: string, published: boolean): Promise<void> {
  const doc = await findArticle(db, id);
  await doc.incrementalPatch({ is_published: published, updated_at: new Date().toISOString() });
}

export async function deleteArticle(db: AppDatabase | null, id: string): Promise<void> {
  const doc = await findArticle(db, id);
  await doc.incrementalRemove();
}
