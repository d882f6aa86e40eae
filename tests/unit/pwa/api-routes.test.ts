import { describe, expect, it } from 'vitest';
import { API_DENYLIST, isApiPath } from '../../../sw/api-routes.ts';

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
});
