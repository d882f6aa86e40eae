// What the public CMS page routes load. The build's snapshot answers first, so a prerendered page
// hydrates with exactly what it shows; the page then asks for the live row (./use-live-page.ts).
// A page missing from the snapshot (unpublished at build time, or published since) is read live.
import type { PublicPageSlug } from '@/lib/cms-public-api.ts';
import { snapshotPage } from './page-snapshot.ts';
import { fetchPublicPage, type PublicPage } from './public-pages.ts';

export type PageData = { status: 'found'; page: PublicPage } | { status: 'missing' } | { status: 'unavailable' };

/** The live published page. Never throws: offline and never kept, or a server error, is 'unavailable'. */
export async function livePage(slug: PublicPageSlug): Promise<PageData> {
  try {
    const page = await fetchPublicPage(slug);
    return page ? { status: 'found', page } : { status: 'missing' };
  } catch (error) {
    console.error('Page not loaded', error);
    return { status: 'unavailable' };
  }
}

export async function loadPage(slug: PublicPageSlug): Promise<PageData> {
  const built = await snapshotPage(slug);
  return built ? { status: 'found', page: built } : livePage(slug);
}
