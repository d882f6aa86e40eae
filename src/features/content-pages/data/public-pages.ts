// Published CMS pages (legal and solution pages) for the public routes, read anonymously over REST
// with a plain fetch (no supabase-js: these pages must stay light). The service worker keeps the
// answers (sw/cms-pages.ts), so a page read once opens offline.
import * as v from 'valibot';
import { cmsPageUrl } from '@/lib/cms-public-api.ts';
import { readSupabaseEnv } from '@/lib/env.ts';

const nullableText = v.nullable(v.string());

export const PublicPageSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  title: v.string(),
  slug: v.string(),
  content: v.string(),
  excerpt: nullableText,
  meta_title: nullableText,
  meta_description: nullableText,
  updated_at: v.string(),
});

export type PublicPage = v.InferOutput<typeof PublicPageSchema>;

export const parsePages = (rows: unknown): PublicPage[] => v.parse(v.array(PublicPageSchema), rows);

/** One published page, or null when there is none (never was, unpublished or deleted). Throws on a network or server error. */
export async function fetchPublicPage(slug: string, signal?: AbortSignal): Promise<PublicPage | null> {
  const { url, anonKey } = readSupabaseEnv();
  const response = await fetch(cmsPageUrl(url, slug), {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`cms_content: HTTP ${response.status}`);
  return parsePages(await response.json())[0] ?? null;
}
