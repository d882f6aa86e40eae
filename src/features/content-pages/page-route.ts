// The public CMS page routes' loader and head. A page that is not published when the route loads
// (not in the build's snapshot and not live) is the root not-found page; the prerender therefore
// never ships a not-found page as a real one.
import { notFound } from '@tanstack/react-router';
import type { PublicPageSlug } from '@/lib/cms-public-api.ts';
import type { PageData } from './data/page-loaders.ts';

export async function loadPageRoute(slug: PublicPageSlug): Promise<PageData> {
  // Imported here so the data module (and the page's snapshot) loads with the page only.
  const data = await (await import('./data/page-loaders.ts')).loadPage(slug);
  if (data.status === 'missing') throw notFound();
  return data;
}

/** The document title (the page's meta title, else its title) and meta description. */
export function pageMeta(data: PageData | undefined, fallbackTitle: string) {
  const page = data?.status === 'found' ? data.page : null;
  return [
    { title: page?.meta_title ?? `${page?.title ?? fallbackTitle} | GarageGuard` },
    ...(page?.meta_description ? [{ name: 'description', content: page.meta_description }] : []),
  ];
}
