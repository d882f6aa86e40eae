// Published articles for the public pages, read anonymously over REST with a plain fetch (no
// supabase-js, no RxDB: these pages must stay light). The service worker keeps the answers
// (sw/knowledge-base.ts), so a page read once opens offline.
import * as v from 'valibot';
import { readSupabaseEnv } from '@/lib/env.ts';
import { kbArticleUrl, kbListUrl } from '@/lib/kb-public-api.ts';

export const PublicArticleSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  title: v.string(),
  content: v.string(),
  category: v.string(),
  // PostgREST sends text[] as a JSON array.
  tags: v.array(v.string()),
  view_count: v.pipe(v.number(), v.integer()),
  helpful_votes: v.pipe(v.number(), v.integer()),
  created_at: v.string(),
  updated_at: v.string(),
});

export type PublicArticle = v.InferOutput<typeof PublicArticleSchema>;

async function getRows(url: string, signal?: AbortSignal): Promise<PublicArticle[]> {
  const { anonKey } = readSupabaseEnv();
  const response = await fetch(url, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`kb_articles: HTTP ${response.status}`);
  return v.parse(v.array(PublicArticleSchema), await response.json());
}

/** Every published article, newest first. Throws on a network or server error. */
export function fetchPublicArticles(signal?: AbortSignal): Promise<PublicArticle[]> {
  return getRows(kbListUrl(readSupabaseEnv().url), signal);
}

/** One published article, or null when there is none (never was, unpublished or deleted). */
export async function fetchPublicArticle(id: string, signal?: AbortSignal): Promise<PublicArticle | null> {
  const [article] = await getRows(kbArticleUrl(readSupabaseEnv().url, id), signal);
  return article ?? null;
}
