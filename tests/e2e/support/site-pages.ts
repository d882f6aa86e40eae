import { expect, type Page } from '@playwright/test';
import { SOLUTION_LINKS } from '../../../src/features/content-pages/data/solutionLinks.ts';
import { DEMO } from './auth.ts';

/**
 * Every page of the app, the role that opens it and what to wait for before looking at it: the axe
 * walk (a11y.spec.ts), the readable-text check and `npm run screenshots` all take their pages from
 * here, so a new route added here is scanned, checked and photographed at once. `ready` waits for
 * the page's real data (seeded rows), not only its heading, so nothing is judged half-loaded.
 */
export interface SitePage {
  /** A file-name-safe name, unique in the catalogue (screenshots are saved under it). */
  name: string;
  path: string;
  /** The demo user to sign in as (signInAs); signed out when absent. */
  as?: string;
  ready: (page: Page) => Promise<void>;
}

const SLOW = { timeout: 20_000 };
const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(SLOW);
const item = (testId: string) => (page: Page) => expect(page.getByTestId(testId).first()).toBeVisible(SLOW);
/** A seeded, published article (the build prerenders it). */
const ARTICLE = '/support/articles/30000000-0000-4000-8000-000000000002';

const publicPages: SitePage[] = [
  ...['/', '/products', '/products/1', '/auth', '/privacy', '/terms', '/warranty', '/returns', '/support/faq', '/support/installation'].map((path) => ({ name: path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'), path, ready: heading })),
  { name: 'auth-sign-up', path: '/auth?mode=sign-up', ready: heading },
  ...SOLUTION_LINKS.map(({ slug }) => ({ name: `solutions-${slug}`, path: `/solutions/${slug}`, ready: heading })),
  { name: 'support-articles', path: '/support/articles', ready: item('public-article-card') },
  { name: 'support-article', path: ARTICLE, ready: item('article-content') },
  { name: 'not-found', path: '/this-page-does-not-exist', ready: (page) => expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible(SLOW) },
];

const customerPages: SitePage[] = [
  ...['/cart', '/checkout', '/support', '/dashboard', '/dashboard/orders', '/dashboard/settings'].map((path) => ({ name: path.slice(1).replaceAll('/', '-'), path, as: DEMO.customer, ready: heading })),
  { name: 'dashboard-devices', path: '/dashboard/devices', as: DEMO.customer, ready: item('device-card') },
  { name: 'dashboard-access', path: '/dashboard/access', as: DEMO.customer, ready: item('access-card') },
  { name: 'dashboard-notifications', path: '/dashboard/notifications', as: DEMO.customer, ready: item('notification') },
  { name: 'sync', path: '/sync', as: DEMO.customer, ready: (page) => expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible(SLOW) },
];

const staffPages: SitePage[] = [
  { name: 'support-dashboard', path: '/support/dashboard', as: DEMO.support, ready: async (page) => { await item('staff-ticket')(page); await item('stat-card')(page); } },
  {
    name: 'support-dashboard-kb',
    path: '/support/dashboard',
    as: DEMO.support,
    ready: async (page) => {
      await item('stat-card')(page);
      await page.getByRole('tab', { name: 'Knowledge Base' }).click();
      await item('staff-article')(page);
    },
  },
  { name: 'support-dashboard-settings', path: '/support/dashboard/settings', as: DEMO.support, ready: heading },
  { name: 'admin', path: '/admin', as: DEMO.admin, ready: item('alert') },
  { name: 'admin-inventory', path: '/admin/inventory', as: DEMO.admin, ready: item('inventory-row') },
  { name: 'admin-financial', path: '/admin/financial', as: DEMO.admin, ready: item('transaction') },
  { name: 'admin-logs', path: '/admin/logs', as: DEMO.admin, ready: item('access-log') },
  { name: 'admin-cms', path: '/admin/cms', as: DEMO.admin, ready: item('content-row') },
  { name: 'admin-settings', path: '/admin/settings', as: DEMO.admin, ready: heading },
];

export const SITE_PAGES: readonly SitePage[] = [...publicPages, ...customerPages, ...staffPages];
