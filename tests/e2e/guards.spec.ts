import { expect, test, type Page } from './support/test.ts';
import { DEMO, signInAs } from './support/auth.ts';

// Guards shape the interface only (RLS protects the data); these check where each role lands.
const AREAS = { customer: '/dashboard', support: '/support/dashboard', admin: '/admin' } as const;
const TITLES = { '/dashboard': 'User Dashboard', '/support/dashboard': 'Support Dashboard', '/admin': 'Admin Dashboard' } as const;

async function expectArea(page: Page, path: keyof typeof TITLES) {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('banner').getByRole('heading', { name: TITLES[path] })).toBeVisible();
}

test('signed out, every guarded area sends the visitor to /auth and remembers where they were', async ({ page }) => {
  for (const path of ['/dashboard/orders', '/admin/inventory', '/support/dashboard', '/cart', '/checkout']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(path)}`);
  }
});

for (const role of ['customer', 'support', 'admin'] as const) {
  test(`a ${role} reaches their own area and is sent back to it from the others`, async ({ page }) => {
    await signInAs(page, DEMO[role]);
    const home = AREAS[role];
    await page.goto(home);
    await expectArea(page, home);
    await expect(page.getByTestId('area-user')).toContainText(role === 'customer' ? 'Customer' : role === 'admin' ? 'Administrator' : 'Support');

    for (const other of Object.values(AREAS)) {
      if (other === home || (role === 'admin' && other === '/support/dashboard')) continue;
      await page.goto(other);
      await expectArea(page, home);
    }
    // History replaced: Back leaves the area instead of bouncing through the refused page.
    await page.goto('/products');
    await page.goto(role === 'customer' ? '/admin' : '/dashboard');
    await expectArea(page, home);
    await page.goBack();
    await expect(page).toHaveURL('/products');
    // Cart and checkout stay open to every signed-in role.
    await page.goto('/cart');
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('an admin also opens the support dashboard (admins count as support)', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/support/dashboard');
  await expectArea(page, '/support/dashboard');
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
});

test('the dashboard sidebar highlights the active route, collapses with Ctrl+B and opens as a drawer on phones', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.goto('/dashboard/orders');
  const nav = page.getByRole('navigation', { name: 'User Dashboard' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('area-user')).toContainText('Casey');

  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('area-user')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('area-user')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  // Under 768 px the sidebar is a drawer, off-screen until the menu button opens it.
  await expect(nav.getByRole('link', { name: 'Orders' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeInViewport();
  await nav.getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL('/dashboard/devices');
  await expect(nav.getByRole('link', { name: 'Devices' })).not.toBeInViewport();
});
