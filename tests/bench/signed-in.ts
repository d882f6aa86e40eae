/**
 * A Chromium tab that opens the app signed in as the demo customer, for Lighthouse's signed-in
 * runs. Lighthouse clears the origin's storage before each run (a cold start: no service worker,
 * no HTTP cache, an empty device database), so the session is put back into localStorage, as
 * supabase-js stores it, by a script that runs before any of the page's own on every document.
 */
import puppeteer, { type Page } from 'puppeteer-core';
import { AUTH_STORAGE_KEY, LOCAL_ANON_KEY } from '../../src/lib/env.ts';

const CUSTOMER = { email: 'customer@example.com', password: 'garage-demo-2026' };

interface SignIn {
  session: string;
  profile: string;
}
let cached: SignIn | undefined;

/** One password sign-in per bench run (the stack limits sign-ins per address, as GoTrue does). */
async function signIn(origin: string): Promise<SignIn> {
  if (cached) return cached;
  const token = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  if (!token.ok) throw new Error(`sign-in failed: ${token.status} ${await token.text()}`);
  const session = (await token.json()) as { access_token: string; user: { id: string } };
  const rows = await fetch(`${origin}/rest/v1/profiles?user_id=eq.${session.user.id}&select=*`, {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${session.access_token}` },
  });
  const [row] = (await rows.json()) as Array<{ user_id: string; first_name: string; last_name: string; email: string; role: string }>;
  if (!row) throw new Error('no profile for the demo customer');
  const profile = { userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email, role: row.role };
  cached = { session: JSON.stringify(session), profile: JSON.stringify(profile) };
  return cached;
}

export async function signedInPage(origin: string, port: number): Promise<{ page: Page; close(): Promise<void> }> {
  const { session, profile } = await signIn(origin);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(
    (appOrigin: string, key: string, sessionJson: string, profileJson: string) => {
      if (location.origin !== appOrigin) return;
      localStorage.setItem(key, sessionJson);
      localStorage.setItem('garage-profile', profileJson);
    },
    origin,
    AUTH_STORAGE_KEY,
    session,
    profile,
  );
  return {
    page,
    async close() {
      await page.close();
      await browser.disconnect();
    },
  };
}
