// The published pages as the build read them from the seeded database (src/app/snapshot): what the
// public pages are prerendered from and hydrate with, before the live row arrives. One snapshot per
// page, each imported statically by name (a virtual module cannot be imported by a computed name),
// so a page's chunk carries its own text only.
import type { PublicPageSlug } from '@/lib/cms-public-api.ts';
import { parsePages, type PublicPage } from './public-pages.ts';

const SNAPSHOTS: Record<PublicPageSlug, () => Promise<{ default: unknown }>> = {
  privacy: () => import('virtual:db-snapshot/cms-page-privacy'),
  terms: () => import('virtual:db-snapshot/cms-page-terms'),
  warranty: () => import('virtual:db-snapshot/cms-page-warranty'),
  returns: () => import('virtual:db-snapshot/cms-page-returns'),
  'solutions-homeowners': () => import('virtual:db-snapshot/cms-page-solutions-homeowners'),
  'solutions-workshops': () => import('virtual:db-snapshot/cms-page-solutions-workshops'),
  'solutions-businesses': () => import('virtual:db-snapshot/cms-page-solutions-businesses'),
  'solutions-property-managers': () => import('virtual:db-snapshot/cms-page-solutions-property-managers'),
};

/** The page as built, or null when the build's database did not publish it. */
export async function snapshotPage(slug: PublicPageSlug): Promise<PublicPage | null> {
  return parsePages((await SNAPSHOTS[slug]()).default)[0] ?? null;
}
