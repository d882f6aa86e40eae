// The public REST reads of published CMS pages (legal and solution pages), shared by the public
// routes (which make them), the build's database snapshot and the service worker (which keeps their
// answers for offline reading and forgets a page once a fresh answer no longer has it).
// Dependency-free: vite.config.ts loads it in Node through src/app/snapshot/queries.ts.

/** The columns the public pages read; also what tells their requests apart from the admin's reads. */
export const CMS_PUBLIC_SELECT = 'id,title,slug,content,excerpt,meta_title,meta_description,updated_at';

/** The public routes' pages by slug: the four legal pages and one per solution audience. */
export const PUBLIC_PAGE_SLUGS = [
  'privacy',
  'terms',
  'warranty',
  'returns',
  'solutions-homeowners',
  'solutions-workshops',
  'solutions-businesses',
  'solutions-property-managers',
] as const;

export type PublicPageSlug = (typeof PUBLIC_PAGE_SLUGS)[number];

const CMS_PATH = /^\/rest\/v1\/cms_content\/?$/;
const SLUG = /^[a-z0-9-]{1,200}$/;

export const isPageSlug = (value: string): boolean => SLUG.test(value);

/** One published page by slug (RLS gives anon only published pages; the filters say so too). */
export function cmsPageUrl(base: string, slug: string): string {
  if (!isPageSlug(slug)) throw new Error(`Not a page slug: ${slug}`);
  return `${base}/rest/v1/cms_content?select=${CMS_PUBLIC_SELECT}&status=eq.published&content_type=eq.page&slug=eq.${slug}`;
}

/** The page a public single-page read asks for, or null when `url` is not one. */
export function cmsPageSlugOf(method: string, url: URL): string | null {
  if (method !== 'GET' || !CMS_PATH.test(url.pathname)) return null;
  const params = url.searchParams;
  if (params.get('select') !== CMS_PUBLIC_SELECT || params.get('status') !== 'eq.published' || params.get('content_type') !== 'eq.page') return null;
  const slug = /^eq\.(.+)$/.exec(params.get('slug') ?? '')?.[1];
  return slug && isPageSlug(slug) ? slug : null;
}
