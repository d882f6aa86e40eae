import { expect, test, type Page } from './support/test.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';

// The sync center's page, header indicator and sign-out warning in the built app. The data
// layer's own flows (offline writes, refusals, delivery) are tested with it; here the sync
// database gets its entries written straight into IndexedDB, as the data layer would.

const navbar = (page: Page) => page.getByTestId('navbar');

/** Puts a pending row write of `userId` into the device's sync database (created by the app). */
async function addPendingWrite(page: Page, userId: string, label: string) {
  await page.evaluate(
    ([user, text]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('garage-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('pending', 'readwrite');
          const now = Date.now();
          tx.objectStore('pending').put({ key: `devices:e2e-${now}`, userId: user, collection: 'devices', docId: `e2e-${now}`, op: 'update', label: text, createdAt: now, updatedAt: now, state: 'pending' });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [userId, label] as const,
  );
}

test('a signed-in customer opens /sync and sees that everything is synced, with no accessibility violations', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.goto('/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Sync Center' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  await expect(page).toHaveTitle('Sync Center | GarageGuard');
  // The store's bar carries the compact indicator for signed-in users.
  await expect(navbar(page).getByRole('link', { name: 'Sync status: Up to date. Open the sync center' })).toBeVisible();

  await page.waitForLoadState('networkidle');
  await expectNoBlockingAxeViolations(page, 'sync center');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('signed out, /sync sends the visitor to /auth; staff open it too', async ({ page }) => {
  await page.goto('/sync');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsync$/);
  await signInAs(page, DEMO.support);
  await page.goto('/sync');
  await expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible();
});

test('the dashboard header shows the state in words and leads to the sync center by keyboard', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.goto('/dashboard');
  const indicator = page.getByRole('link', { name: 'Sync status: Up to date. Open the sync center' });
  await expect(indicator).toContainText('Up to date');
  await indicator.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sync$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sync Center' })).toBeVisible();
});

test('with a change not synced: the page lists it, the badge counts it, and Sign out warns first', async ({ page }) => {
  const user = await createUser('Sync');
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(navbar(page).getByRole('button', { name: 'Sync' })).toBeVisible();

  await page.goto('/sync');
  await expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible();
  await addPendingWrite(page, user.id, "Device 'Garage left'");
  await page.reload();
  const item = page.getByRole('listitem').filter({ hasText: "Device 'Garage left'" });
  await expect(item).toContainText('Pending');
  await expect(item).toContainText('Changed · Devices · Made just now');
  await expect(navbar(page).getByRole('link', { name: /1 change not synced/ })).toBeVisible();

  await navbar(page).getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes not synced' });
  await expect(dialog).toContainText('You have 1 change that has not been synced.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Sync Center' })).toBeVisible();

  await navbar(page).getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog', { name: 'Changes not synced' }).getByRole('button', { name: 'Sign Out and Discard' }).click();
  await expect(navbar(page).getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('on a 360 px phone the bar keeps its menu button; the drawer row carries the sync state', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/products');
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toBeInViewport({ ratio: 1 });
  // The live region stays for screen readers; its text also tells that the app has taken over the
  // prerendered page, so the burger's click is handled.
  await expect(navbar(page).getByRole('status')).toHaveText('Sync status: Up to date');
  await expect(navbar(page).getByTestId('sync-indicator')).toBeHidden();
  await burger.click();
  const row = page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sync Center, Up to date' });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sync Center' })).toBeVisible();
});
