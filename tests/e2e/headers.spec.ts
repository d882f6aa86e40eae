import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { parseHeadersFile } from '../../src/app/security-headers/headers.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { appOrigin, builtAppDir } from './support/paths.ts';

// The security headers (src/app/security-headers/headers.ts): the build writes them to `_headers` for static
// hosting and `vite preview` serves exactly those, so these tests check what production is given.
// `vite preview` adds a report-uri so violations also reach its log.

const fileHeaders = () => parseHeadersFile(readFileSync(join(builtAppDir, '_headers'), 'utf8'));
const withoutReportUri = (csp: string | undefined) => csp?.replace(/; report-uri \S+$/, '');

/** CSP violations on the page from now on: the DOM event and Chromium's console message. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|frame-ancestors/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI}`));
  });
  return async () => [...messages, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

/** React has rendered or hydrated #root's content: the (hash-allowed) boot script and the app ran. */
const appRunning = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('#root > *') ?? {}).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);

test('pages, scripts, assets, the service worker and the API carry the headers of the _headers file', async ({ request }) => {
  const expected = fileHeaders();
  const csp = expected['Content-Security-Policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-inline' 'sha256"); // scripts by hash, never unsafe-inline
  expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*'/);
  expect(expected).toMatchObject({
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  });
  expect(expected['Permissions-Policy']).toContain('camera=()');

  const home = await request.get('/', { headers: { accept: 'text/html' } });
  const entry = /s\.src="([^"]+\.js)"/.exec(await home.text())?.[1];
  expect(entry, 'the boot script adds the entry chunk').toBeTruthy();
  const html = ['/', '/products/1', '/auth', '/dashboard', '/no-such-page'];
  const files = [entry!, '/sw.js', '/manifest.webmanifest', '/hero/poster.svg', '/rest/v1/products?select=id'];
  for (const path of [...html, ...files]) {
    const response = await request.get(path, { headers: { accept: html.includes(path) ? 'text/html' : '*/*', apikey: LOCAL_ANON_KEY } });
    expect(response.status(), path).toBeLessThan(400);
    const headers = response.headers();
    for (const [name, value] of Object.entries(expected)) {
      const sent = name === 'Content-Security-Policy' ? withoutReportUri(headers[name.toLowerCase()]) : headers[name.toLowerCase()];
      expect(sent, `${name} on ${path}`).toBe(value);
    }
  }
});

const SIGNED_OUT = ['/', '/products', '/products/1', '/auth', '/cart', '/checkout', '/support', '/support/faq', '/support/installation', '/privacy', '/solutions/homeowners'];

for (const path of SIGNED_OUT) {
  test(`${path} runs with no CSP violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(path);
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

for (const [email, path] of [[DEMO.customer, '/dashboard'], [DEMO.customer, '/dashboard/orders'], [DEMO.support, '/support/dashboard'], [DEMO.admin, '/admin']] as const) {
  test(`${path}, signed in, runs with no CSP violation`, async ({ page }) => {
    await signInAs(page, email);
    const violations = await watchViolations(page);
    await page.goto(path);
    await appRunning(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('the MFA enrolment QR code (a data: image) is shown', async ({ page }) => {
  const user = await createUser('Quinn');
  await signInAs(page, user.email, user.password);
  const violations = await watchViolations(page);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await violations()).toEqual([]);
});

test("the app's own WebSocket origin (Realtime) is allowed; another origin is not", async ({ page }) => {
  await page.goto('/');
  const open = (url: string) =>
    page.evaluate(
      (target) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective));
          const done = () => setTimeout(() => resolve(seen), 200);
          try {
            const socket = new WebSocket(target);
            socket.onopen = () => (socket.close(), done());
            socket.onerror = done;
          } catch {
            done();
          }
        }),
      url,
    );
  expect(await open(`${appOrigin().replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=2.0.0`)).toEqual([]);
  expect(await open('ws://evil.test/socket')).toEqual(['connect-src']);
});

test('another site cannot frame /auth', async ({ page }) => {
  // Another origin on this machine (another port): a public one could not frame a local page anyway.
  const html = `<iframe src="${appOrigin()}/auth" onload="document.title='framed'"></iframe>`;
  const other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((listening) => other.listen(0, '127.0.0.1', listening));
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    await expect(page).toHaveTitle('framed');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeTruthy();
    // Chromium shows its error page in the frame instead of the app.
    expect(frame!.url()).not.toContain(appOrigin());
    await expect(frame!.locator('input, form, #root')).toHaveCount(0);
  } finally {
    other.close();
  }
});
