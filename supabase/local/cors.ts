import type { IncomingMessage, ServerResponse } from 'node:http';

// What supabase-js and PostgREST tools send and read (Kong's CORS plugin on a hosted project).
const ALLOW_HEADERS =
  'authorization, apikey, content-type, prefer, range, accept, accept-profile, content-profile, x-client-info, x-supabase-api-version, x-upsert, accept-encoding';
const EXPOSE_HEADERS = 'content-range, content-profile, content-location, x-total-count, range-unit, location, preference-applied, x-supabase-api-version';

/** Adds CORS headers for any origin; answers preflight OPTIONS itself (returns true). */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', origin ?? '*');
  if (origin) res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? ALLOW_HEADERS);
    res.setHeader('access-control-max-age', '86400');
    res.writeHead(204);
    res.end();
    return true;
  }
  return false;
}
