// The published articles as the build read them from the seeded database (src/app/snapshot): what
// the public article pages are prerendered from and hydrate with, before the live rows arrive.
import * as v from 'valibot';
import { PublicArticleSchema, type PublicArticle } from './public-articles.ts';

let parsed: PublicArticle[] | undefined;

export async function snapshotArticles(): Promise<PublicArticle[]> {
  // Imported on first use, so the snapshot's chunk loads with the article pages only.
  parsed ??= v.parse(v.array(PublicArticleSchema), (await import('virtual:db-snapshot/kb-articles')).default);
  return parsed;
}
