import { expect, test, type BrowserContext, type Page } from './support/test.ts';
import { DEMO, signInAs } from './support/auth.ts';

// The signed-in areas' shell: a sidebar that collapses (button or Ctrl+B) and remembers it for 7
// days in a cookie, a drawer on phones, and the admin area's own words and groups.
const SEVEN_DAYS = 7 * 24 * 60 * 60;

async function sidebarCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'sidebar_state');
}

const nav = (page: Page, title = 'User Dashboard') => page.getByRole('navigation', { name: title, exact: true });

test('the sidebar collapses with its button and with Ctrl+B, and a reload keeps it (7-day cookie)', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.customer);
  await page.goto('/dashboard/orders');
  await expect(page.getByTestId('area-user')).toContainText('Casey');
  await expect(page.getByTestId('area-user')).toContainText('Customer');
  expect(await sidebarCookie(context)).toBeUndefined();

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByTestId('area-user')).toHaveCount(0);
  // Collapsed to icons: the links keep their names (and the active one its highlight).
  await expect(nav(page).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  const cookie = await sidebarCookie(context);
  expect(cookie?.value).toBe('false');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const now = Date.now() / 1000;
  expect(cookie!.expires).toBeGreaterThan(now + SEVEN_DAYS - 120);
  expect(cookie!.expires).toBeLessThan(now + SEVEN_DAYS + 120);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByTestId('area-user')).toHaveCount(0);
  // 14 units (3.5rem) wide instead of 60.
  const sidebar = page.getByRole('navigation', { name: 'User Dashboard navigation' });
  expect(await sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(56);

  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('area-user')).toBeVisible();
  await expect.poll(async () => (await sidebarCookie(context))?.value).toBe('true');
  await page.reload();
  await expect(page.getByTestId('area-user')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('under 768 px the sidebar is a drawer opened by the menu button, closed after choosing a page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs(page, DEMO.customer);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
  await expect(nav(page).getByRole('link', { name: 'Orders' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav(page).getByRole('link', { name: 'Orders' })).toBeInViewport();
  await expect(page.getByTestId('area-user')).toBeInViewport();
  await nav(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/dashboard/orders');
  await expect(nav(page).getByRole('link', { name: 'Orders' })).not.toBeInViewport();
  // Ctrl+B opens the drawer on a phone.
  await page.keyboard.press('Control+b');
  await expect(nav(page).getByRole('link', { name: 'Orders' })).toBeInViewport();
});

test("the admin area is headed 'Admin Dashboard', says 'Administrator' and groups its sidebar under Overview and Administration", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByTestId('area-user')).toHaveText(/^Alex\s*Administrator$/);
  const sidebar = nav(page, 'Admin Dashboard');
  const overview = sidebar.getByRole('group', { name: 'Overview' });
  await expect(overview.getByText('Overview', { exact: true })).toBeVisible();
  await expect(overview.getByRole('link')).toHaveText(['Mission Control']);
  const administration = sidebar.getByRole('group', { name: 'Administration' });
  await expect(administration.getByText('Administration', { exact: true })).toBeVisible();
  await expect(administration.getByRole('link')).toHaveText(['Inventory', 'Financial', 'Access Logs', 'Content', 'Support Dashboard', 'Settings']);
  await expect(sidebar.getByRole('link', { name: 'Mission Control' })).toHaveAttribute('aria-current', 'page');

  // Collapsed, the headings give way to the icons; the groups keep their names for screen readers.
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('area-user')).toHaveCount(0);
  await expect(sidebar.getByText('Administration', { exact: true })).toHaveCount(0);
  await expect(sidebar.getByRole('group', { name: 'Administration' }).getByRole('link', { name: 'Inventory' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Inventory' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Inventory' })).toBeVisible();
});
