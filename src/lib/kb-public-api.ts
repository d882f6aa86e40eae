// The public REST reads of published knowledge-base articles, shared by the public article pages
// (which make them) and the service worker (which keeps their answers for offline reading and
// drops an article's copy once the list no longer has it). Only these two shapes are cached: the
// replication's pulls of kb_articles (per user, other columns and filters) never match them.

/** The columns the public pages read; also what tells their requests apart from any other read. */
export const KB_PUBLIC_SELECT = 'id,title,content,category,tags,view_count,helpful_votes,created_at,updated_at';

const KB_PATH = /^\/rest\/v1\/kb_articles\/?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isArticleId = (value: string): boolean => UUID.test(value);

/** Every published article, newest first (RLS gives anon only published ones; the filter says so too). */
export function kbListUrl(base: string): string {
  return `${base}/rest/v1/kb_articles?select=${KB_PUBLIC_SELECT}&is_published=eq.true&order=created_at.desc`;
}

/** One published article by id. */
export function kbArticleUrl(base: string, id: string): string {
  if (!isArticleId(id)) throw new Error(`Not an article id: ${id}`);
  return `${base}/rest/v1/kb_articles?select=${KB_PUBLIC_SELECT}&is_published=eq.true&id=eq.${id}`;
}

function isPublicRead(method: string, url: URL): boolean {
  return method === 'GET' && KB_PATH.test(url.pathname) && url.searchParams.get('select') === KB_PUBLIC_SELECT && url.searchParams.get('is_published') === 'eq.true';
}

export function isKbListRequest(method: string, url: URL): boolean {
  return isPublicRead(method, url) && !url.searchParams.has('id');
}

/** The article a public single-article read asks for, or null when `url` is not one. */
export function kbArticleIdOf(method: string, url: URL): string | null {
  if (!isPublicRead(method, url)) return null;
  const id = /^eq\.(.+)$/.exec(url.searchParams.get('id') ?? '')?.[1];
  return id && isArticleId(id) ? id : null;
}
