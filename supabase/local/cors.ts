import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UrlPolicy } from './contracts.ts';

// What supabase-js and PostgREST tools send and read (Kong's CORS plugin on a hosted project).
const ALLOW_HEADERS =
  'authorization, apikey, content-type, prefer, range, accept, accept-profile, content-profile, x-client-info, x-supabase-api-version, x-upsert, accept-encoding';
const EXPOSE_HEADERS = 'content-range, content-profile, content-location, x-total-count, link, range-unit, location, preference-applied, x-supabase-api-version';

/**
 * CORS for `npm run stack` (the stack on its own origin). Only the configured site and redirect
 * origins (`urls.isAllowedOrigin`) are answered with `access-control-allow-origin`: the mailbox
 * holds recovery links, so no other page a developer opens may read the stack's responses. A request from another origin is still served (as Kong
 * does); the browser withholds the response from the page. Requests without `Origin` (curl,
 * supabase-js in Node) get no CORS headers and need none. Answers every OPTIONS itself (returns true).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, urls: Pick<UrlPolicy, 'isAllowedOrigin'>): boolean {
  const origin = req.headers.origin;
  // The answer depends on Origin, so no cache may hand one origin's answer to another.
  res.setHeader('vary', 'Origin');
  const allowed = typeof origin === 'string' && urls.isAllowedOrigin(origin);
  if (allowed) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
  }
  if (req.method !== 'OPTIONS') return false;
  if (allowed) {
    res.setHeader('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? ALLOW_HEADERS);
    res.setHeader('access-control-max-age', '86400');
  }
  res.writeHead(204);
  res.end();
  return true;
}

/** Loopback names and IP literals; `[::1]` keeps its brackets in a Host header. */
const LOCAL_HOST = /^(?:localhost|[^:]+\.localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * DNS rebinding: a page on a name someone controls, re-pointed at 127.0.0.1, is same-origin with
 * the stack and needs no CORS to read the mailbox. Browsers send that name as `Host`, so only
 * loopback names and IP literals are served, as Vite's dev and preview servers do. Answers 403
 * itself (returns true) for any other name.
 */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse): boolean {
  const host = req.headers.host;
  if (host === undefined || LOCAL_HOST.test(host.replace(/:\d*$/, ''))) return false;
  res.writeHead(403, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: 'Host not allowed: the local stack answers only localhost and IP addresses' }));
  return true;
}
