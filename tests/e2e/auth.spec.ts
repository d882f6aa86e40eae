import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import * as OTPAuth from 'otpauth';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEMO, DEMO_PASSWORD, createUser, latestMail } from './support/auth.ts';
import { hydrated } from './support/hydration.ts';

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });
const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

async function signInWithForm(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The navbar's account control (desktop): the name opens the role's links and Sign out. */
async function openAccountMenu(page: Page, name: string) {
  await page.getByTestId('navbar').getByRole('button', { name }).click();
}

test('sign up, confirm through the local mailbox, then sign in', async ({ page }) => {
  const email = `new-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID().slice(0, 12)}`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/mode=sign-up/);
  // 'Welcome' heads both tabs; the line under it says this one creates an account.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
  await expect(page.getByTestId('auth-lead')).toHaveText('Create your GarageGuard account to order, manage your devices and get support.');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill('Nova');
  await form.getByLabel('Last name').fill('Garage');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'Success!')).toContainText('Please check your email to verify your account.');
  await expect(page.getByText('Check your inbox')).toBeVisible();

  // Not confirmed yet: the server refuses the password.
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await signInWithForm(page, email, password);
  await expect(toast(page, 'Sign In Error')).toContainText('Email not confirmed');

  const mail = await latestMail(email);
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  expect(link).toBeTruthy();
  await page.goto(link!);
  // The link lands on the site with the session; supabase-js signs the new user in there.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(#.*)?$/);
  await expect(page.getByTestId('navbar').getByRole('button', { name: 'Nova' })).toBeVisible();
  await expect(toast(page, "E-mail confirmed — you're signed in")).toBeVisible();

  await openAccountMenu(page, 'Nova');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goto('/auth');
  await signInWithForm(page, email, password);
  await expect(toast(page, 'Welcome back!')).toContainText('You have successfully signed in.');
  await expect(page).toHaveURL(/\/$/);
  await openAccountMenu(page, 'Nova');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password gets the Sign In Error toast with the server message and stays on /auth', async ({ page }) => {
  await page.goto('/auth');
  await signInWithForm(page, DEMO.customer, 'not-the-password');
  await expect(toast(page, 'Sign In Error')).toContainText('Invalid login credentials');
  await expect(page).toHaveURL(/\/auth/);
  // Required fields are checked before anything is sent.
  await page.reload();
  await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(signInForm(page).getByText(/email is required|enter your e-?mail/i)).toBeVisible();
});

const ROLE_LINKS = {
  customer: { name: 'Casey', links: ['Dashboard'], area: '/dashboard', title: 'User Dashboard' },
  support: { name: 'Sam', links: ['Support Dashboard'], area: '/support/dashboard', title: 'Support Dashboard' },
  admin: { name: 'Alex', links: ['Support Dashboard', 'Admin Dashboard'], area: '/admin', title: 'Admin Dashboard' },
} as const;

for (const role of ['customer', 'support', 'admin'] as const) {
  test(`the demo ${role} signs in, goes to /, and the navbar offers their area`, async ({ page }) => {
    const { name, links, area, title } = ROLE_LINKS[role];
    await page.goto('/auth');
    await signInWithForm(page, DEMO[role], DEMO_PASSWORD);
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await openAccountMenu(page, name);
    for (const label of ['Dashboard', 'Support Dashboard', 'Admin Dashboard']) {
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveCount((links as readonly string[]).includes(label) ? 1 : 0);
    }
    await page.getByRole('link', { name: links[links.length - 1], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${area}$`));
    await expect(page.getByRole('banner').getByRole('heading', { name: title })).toBeVisible();
    // The store navbar and footer are hidden in the areas.
    await expect(page.getByTestId('navbar')).toHaveCount(0);
  });
}

test('a deep link to /checkout while signed out goes to /auth and back to /checkout after sign-in', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL('/auth?redirect=%2Fcheckout');
  await signInWithForm(page, DEMO.customer2, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  // History replaced: Back does not return to the sign-in form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/auth/);
});

/** A TOTP code for the secret that differs from `previous` (a code is accepted only once). */
async function freshCode(secret: string, previous?: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let code = totp.generate();
  while (code === previous) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = totp.generate();
  }
  return code;
}

test('MFA: enrol in settings, sign out, sign in with the code, then remove the factor', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createUser('Mia');
  await page.goto('/auth');
  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Secret key', { exact: true }).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid' })).toBeVisible();
  const enrolCode = await freshCode(secret, '000000');
  await page.getByLabel('Verification code').fill(enrolCode);
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(toast(page, 'Two-factor authentication enabled')).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL('/auth?redirect=%2Fdashboard%2Forders');
  await signInWithForm(page, user.email, user.password);
  // The password alone is not enough: the code step, and no signed-in screen before it.
  const mfa = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(mfa).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirect=%2Fdashboard');
  await expect(mfa).toBeVisible();
  await mfa.getByLabel('Authentication code').fill('123456');
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(mfa.getByText('That code is not valid')).toBeVisible();
  await mfa.getByLabel('Authentication code').fill(await freshCode(secret, enrolCode));
  await mfa.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('You will sign in with your password only.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Two-factor authentication removed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
});

test('sign-out leaves no user data in IndexedDB or storage', async ({ page }) => {
  const user = await createUser('Lou');
  await page.goto('/auth');
  await signInWithForm(page, user.email, user.password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await page.goto('/products/4');
  await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }).first());
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  // A checkout that could not go through leaves its order id on the device for the retry.
  await page.goto('/checkout');
  const checkout = page.getByRole('form', { name: 'Checkout' });
  for (const [label, value] of [['Email', 'lou@example.com'], ['First Name', 'Lou'], ['Last Name', 'Tester'], ['Address', '1 Road'], ['City', 'Town'], ['State', 'ST'], ['ZIP Code', '12345'], ['Card Number', '4242424242424242'], ['Expiry Date', '12/29'], ['CVV', '123'], ['Name on Card', 'Lou Tester']]) {
    await checkout.getByLabel(label!, { exact: false }).first().fill(value!);
  }
  await page.context().setOffline(true);
  await checkout.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByTestId('checkout-error')).toContainText("You're offline.");
  await page.context().setOffline(false);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const before = await page.evaluate(() => Object.keys(localStorage));
  expect(before).toEqual(expect.arrayContaining(['garage-auth', 'garage-profile', 'garage-checkout-attempt']));
  const refreshToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('garage-auth') ?? '{}') as { refresh_token?: string }).refresh_token);
  expect(refreshToken).toBeTruthy();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  const left = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
  expect(left.local.filter((key) => key.startsWith('garage-auth') || key === 'garage-profile' || key === 'garage-checkout-attempt' || key.startsWith('sb-'))).toEqual([]);
  expect(left.session).toEqual([]);
  // The cart line lived in the user's own database (garage-<user id>), removed after sign-out:
  // none named after them may remain (nor the old garage-cart).
  const databasesOf = (id: string) =>
    page.evaluate(async (userId) => (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.includes(userId) || name === 'garage-cart'), id);
  await expect.poll(() => databasesOf(user.id), { timeout: 15_000 }).toEqual([]);

  // The session is gone on the server too (global scope): its refresh token is refused, and the
  // guarded pages send to /auth.
  await expect
    .poll(async () => (await page.request.post('/auth/v1/token?grant_type=refresh_token', { headers: { apikey: LOCAL_ANON_KEY }, data: { refresh_token: refreshToken } })).status())
    .toBe(400);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/auth?redirect=%2Fdashboard');
});

test('forgot password: the recovery e-mail sets a new password that then signs in', async ({ page }) => {
  const user = await createUser('Rae');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(`If an account exists for ${user.email}`)).toBeVisible();

  const mail = await latestMail(user.email);
  await page.goto(mail.links.find((l) => l.includes('/auth/v1/verify'))!);
  await expect(page).toHaveURL(/\/auth\?mode=reset/);
  const reset = page.getByRole('form', { name: 'Set a new password' });
  const next = `new-${randomUUID().slice(0, 10)}`;
  await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
  await reset.getByLabel('Confirm new password').fill(next);
  await reset.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();

  await page.getByTestId('navbar').getByRole('button', { name: 'Rae' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goto('/auth');
  await signInWithForm(page, user.email, next);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
});
