import { describe, expect, it } from 'vitest';
import { API_DENYLIST, isApiPath } from '../../../sw/api-routes.ts';
import { FILE_PATH } from '../../../sw/app-shell.ts';

const apiPaths = ['/rest/v1', '/rest/v1/products', '/auth/v1/token', '/realtime/v1/websocket', '/mailbox', '/mailbox/1'];
const appPaths = ['/', '/products', '/products/1', '/privacy', '/support/faq', '/restore', '/authors', '/mailboxes'];

describe('service worker API paths', () => {
  it('recognises the Supabase and mailbox prefixes only', () => {
    for (const path of apiPaths) expect(isApiPath(path), path).toBe(true);
    for (const path of appPaths) expect(isApiPath(path), path).toBe(false);
  });

  it('keeps API paths out of the navigation fallback and lets every app path in', () => {
    const denied = (path: string) => API_DENYLIST.some((re) => re.test(path));
    for (const path of apiPaths) expect(denied(path), path).toBe(true);
    for (const path of appPaths) expect(denied(path), path).toBe(false);
  });

  it('keeps files out of the navigation fallback (the app started on /robots.txt), not app paths with a dot in the query', () => {
    // Workbox tests the denylist against path and query together.
    for (const path of ['/robots.txt', '/manifest.webmanifest', '/sw.js', '/icons/icon-192.png', '/robots.txt?x=1']) expect(FILE_PATH.test(path), path).toBe(true);
    for (const path of [...appPaths, '/auth?mode=reset&email=a.b@example.com', '/products?q=v1.2', '/support/articles/3f2a9c4e-0d1b-4c5e-9f7a-1b2c3d4e5f60']) expect(FILE_PATH.test(path), path).toBe(false);
  });
});
