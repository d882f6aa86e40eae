import { randomUUID } from 'node:crypto';
import { expect, request, type Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { AUTH_STORAGE_KEY, LOCAL_ANON_KEY } from '../../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../../supabase/local/keys.ts';
import { appOrigin } from './paths.ts';

export const DEMO_PASSWORD = 'garage-demo-2026';
export const DEMO = {
  customer: 'customer@example.com',
  customer2: 'customer2@example.com',
  support: 'support@example.com',
  admin: 'admin@example.com',
} as const;


// Sessions are reused within a worker: an access token stays valid for an hour, far longer than a
// test run. A test that signs out globally or enrols MFA must use its own user (createUser), never
// a demo account.
interface StoredSignIn {
  session: { access_token: string; user: { id: string } };
  /** The profile as the app caches it on the device ('garage-profile'). */
  profile: { userId: string; firstName: string | null; lastName: string | null; email: string | null; role: string };
}
const signIns = new Map<string, StoredSignIn>();

/**
 * The e2e servers raise the per-IP sign-in limit (tests/e2e/stack-overrides.toml); a server reused
 * locally (`npm start`) has the real one, 30 per 5 minutes, which a run reaches: like a client
 * under a sliding-window limit, this waits for a slot to free up rather than fail.
 */
const RATE_LIMIT_WAIT_MS = 90_000;

/** A new session (not the worker's shared one), for a test that changes the session itself. */
export async function passwordSignIn(email: string, password: string): Promise<StoredSignIn> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const signIn = () => api.post('/auth/v1/token?grant_type=password', { headers: { apikey: LOCAL_ANON_KEY }, data: { email, password } });
  let response = await signIn();
  for (const until = Date.now() + RATE_LIMIT_WAIT_MS; response.status() === 429 && Date.now() < until; response = await signIn()) {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  expect(response.status(), await response.text()).toBe(200);
  const session = await response.json();
  const rows = await api.get(`/rest/v1/profiles?user_id=eq.${session.user.id}&select=*`, {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${session.access_token}` },
  });
  const [row] = await rows.json();
  await api.dispose();
  return {
    session,
    profile: { userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email, role: row.role },
  };
}

/** A session of this user for API calls, signing in only once per worker. */
export async function sessionOf(email: string, password = DEMO_PASSWORD): Promise<StoredSignIn> {
  let signIn = signIns.get(email);
  if (!signIn) {
    signIn = await passwordSignIn(email, password);
    signIns.set(email, signIn);
  }
  return signIn;
}

/**
 * Puts a signed-in session on the page's origin as supabase-js stores it, and the profile as the
 * app caches it, without using the /auth screen (which has tests of its own). Load the page to
 * test afterwards.
 */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<StoredSignIn> {
  const signIn = await sessionOf(email, password);
  await storeSignIn(page, signIn);
  return signIn;
}

/** Puts a given sign-in (e.g. a second phone's own, from passwordSignIn) on the page's origin. */
export async function storeSignIn(page: Page, signIn: StoredSignIn): Promise<void> {
  // A static file of the same origin: the app does not start, so nothing races the write (nor the
  // next navigation: the app the service worker once started here could reload the page under it).
  await page.goto('/robots.txt');
  expect(await page.evaluate(() => document.contentType), 'robots.txt is the file, not the app').toBe('text/plain');
  await page.evaluate(
    ([key, session, profile]) => {
      localStorage.setItem(key, session);
      localStorage.setItem('garage-profile', profile);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(signIn.session), JSON.stringify(signIn.profile)] as const,
  );
}

/** A confirmed user of its own (service-role admin API), for tests that sign out or enrol MFA. */
export async function createUser(firstName = 'Robin'): Promise<{ email: string; password: string; id: string }> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.post('/auth/v1/admin/users', {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    data: { email, password, email_confirm: true, user_metadata: { first_name: firstName, last_name: 'Tester' } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const user = await response.json();
  await api.dispose();
  return { email, password, id: user.id as string };
}

/** The newest e-mail the local stack sent to an address (its local mailbox). */
export async function latestMail(to: string): Promise<{ subject: string; text: string; links: string[] }> {
  const api = await request.newContext({ baseURL: appOrigin() });
  let found: { subject: string; text: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const response = await api.get(`/mailbox/api/messages?to=${encodeURIComponent(to)}`);
      found = (await response.json()).messages[0];
      return Boolean(found);
    })
    .toBe(true);
  await api.dispose();
  return found!;
}

/**
 * What hours offline do to the stored session: its access token is past its expiry (by the
 * server's clock too: the token is signed with the stack's JWT secret and expired two minutes
 * ago, past the 30 s leeway), while its refresh token is the one the server issued.
 */
export async function expireStoredSession(page: Page): Promise<string> {
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)) ?? 'null') as Record<string, unknown> & { access_token: string };
  const past = Math.floor(Date.now() / 1000) - 120;
  const expired = await new SignJWT({ ...decodeJwt(stored.access_token), iat: past - 3600, exp: past })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(DEFAULT_JWT_SECRET));
  const value = JSON.stringify({ ...stored, access_token: expired, expires_at: past });
  await page.evaluate(([key, session]) => localStorage.setItem(key, session), [AUTH_STORAGE_KEY, value] as const);
  return expired;
}
