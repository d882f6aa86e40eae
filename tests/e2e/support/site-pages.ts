import { expect, request, type Page } from '@playwright/test';
import { SOLUTION_LINKS } from '../../../src/features/content-pages/data/solutionLinks.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../../supabase/local/keys.ts';
import { DEMO, sessionOf } from './auth.ts';
import { hydrated } from './hydration.ts';
import { appOrigin } from './paths.ts';

/**
 * Every page of the app, the role that opens it and what to wait for before looking at it: the axe
 * walk (a11y.spec.ts), the readable-text check and `npm run screenshots` all take their pages from
 * here, so a new route added here is scanned, checked and photographed at once. `prepare` puts in
 * place what a page shows only after the user did something (a filled cart); `ready` waits for the
 * page's real data (seeded rows), not only its heading, so nothing is judged half-loaded.
 */
export interface SitePage {
  /** A file-name-safe name, unique in the catalogue (screenshots are saved under it). */
  name: string;
  path: string;
  /** The demo user to sign in as (signInAs); signed out when absent. */
  as?: string;
  /**
   * What the page needs before it is opened, done as a user does it (after signing in): e.g. a
   * product in the cart, so /cart and /checkout are looked at filled, not only as their empty state.
   */
  prepare?: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<void>;
}

const SLOW = { timeout: 20_000 };
const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(SLOW);
const item = (testId: string) => (page: Page) => expect(page.getByTestId(testId).first()).toBeVisible(SLOW);
/** A seeded, published article (the build prerenders it). */
const ARTICLE = '/support/articles/30000000-0000-4000-8000-000000000002';

/** The product put in the cart: the flagship, with a colour variant, so a line shows everything a line can. */
const CART_PRODUCT = { id: 1, name: 'Complete System' };

/**
 * The signed-in demo customer's cart holds exactly one Complete System: the cart on the server is
 * emptied first (a signed-in cart is replicated, and an earlier page or test may have left lines in
 * it), then the product is added on its page with Add to Cart, as a shopper does.
 */
async function oneProductInCart(page: Page): Promise<void> {
  const { session } = await sessionOf(DEMO.customer);
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const emptied = await api.patch(`/rest/v1/cart_items?user_id=eq.${session.user.id}&_deleted=eq.false`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    data: { _deleted: true },
  });
  expect(emptied.status(), await emptied.text()).toBeLessThan(300);
  await api.dispose();
  await page.goto(`/products/${CART_PRODUCT.id}`);
  await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }).first());
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible(SLOW);
}
/** The cart's line is on screen (not its loader, nor the empty state). */
const cartLine = (page: Page) => expect(page.getByRole('listitem', { name: new RegExp(`^${CART_PRODUCT.name}\\b`) }).first()).toBeVisible(SLOW);

const publicPages: SitePage[] = [
  ...['/', '/products', '/products/1', '/auth', '/privacy', '/terms', '/warranty', '/returns', '/support/faq', '/support/installation'].map((path) => ({ name: path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'), path, ready: heading })),
  { name: 'auth-sign-up', path: '/auth?mode=sign-up', ready: heading },
  ...SOLUTION_LINKS.map(({ slug }) => ({ name: `solutions-${slug}`, path: `/solutions/${slug}`, ready: heading })),
  { name: 'support-articles', path: '/support/articles', ready: item('public-article-card') },
  { name: 'support-article', path: ARTICLE, ready: item('article-content') },
  { name: 'not-found', path: '/this-page-does-not-exist', ready: (page) => expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible(SLOW) },
];

const customerPages: SitePage[] = [
  { name: 'cart', path: '/cart', as: DEMO.customer, prepare: oneProductInCart, ready: cartLine },
  {
    name: 'checkout',
    path: '/checkout',
    as: DEMO.customer,
    prepare: oneProductInCart,
    ready: async (page) => {
      await expect(page.getByRole('form', { name: 'Checkout' })).toBeVisible(SLOW);
      await expect(page.getByRole('region', { name: 'Order Summary' }).getByText(CART_PRODUCT.name)).toBeVisible(SLOW);
    },
  },
  ...['/support', '/dashboard', '/dashboard/orders', '/dashboard/settings'].map((path) => ({ name: path.slice(1).replaceAll('/', '-'), path, as: DEMO.customer, ready: heading })),
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
