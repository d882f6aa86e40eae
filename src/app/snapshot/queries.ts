// What the build snapshots from the database, by name: `import rows from 'virtual:db-snapshot/<name>'`
// gives the JSON answer of the REST read below, made as the anon role when the build (or the dev
// server, or a test run) first imports it. Public pages are prerendered from these rows and the live
// rows replace them after hydration, so a row added or edited later still reaches the page.
// Relative imports of dependency-free modules only: vite.config.ts loads this file in Node.
import { cmsPageUrl, PUBLIC_PAGE_SLUGS } from '../../lib/cms-public-api.ts';
import { catalogueDetailsUrl, catalogueListUrl } from '../../lib/catalogue-api.ts';
import { kbListUrl } from '../../lib/kb-public-api.ts';

/** Each snapshot's URL on a Supabase API at `base` (the same read the page makes when live). */
export const SNAPSHOT_QUERIES: Readonly<Record<string, (base: string) => string>> = {
  'kb-articles': kbListUrl,
  // The shop's catalogue: summaries for every page, long-form details for the detail pages only.
  catalogue: catalogueListUrl,
  'catalogue-details': catalogueDetailsUrl,
  // One per CMS page (legal and solution pages), so each page's chunk carries its own text only.
  ...Object.fromEntries(PUBLIC_PAGE_SLUGS.map((slug) => [`cms-page-${slug}`, (base: string) => cmsPageUrl(base, slug)])),
};
