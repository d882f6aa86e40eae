/**
 * The response headers every page and file of the app is served with: by `vite` and `vite preview`
 * (src/app/security-headers/plugin.ts) and, through the `_headers` file the build writes, by static
 * hosting (Netlify, Cloudflare Pages). Build tooling only: nothing here is in the app bundle.
 */
import { createHash } from 'node:crypto';
import { readSupabaseEnv } from '../../lib/env.ts';

export interface PolicyInput {
  /** base64 sha256 of each inline script the pages carry (the prerendered pages' boot script). */
  scriptHashes: readonly string[];
  /** Origins besides the app's own that the app calls (a hosted Supabase project, https and wss). */
  connectSources: readonly string[];
}

// An origin no build can have: readSupabaseEnv falls back to the page's origin without VITE_SUPABASE_URL.
const OWN_ORIGIN = 'https://own-origin.invalid';

/**
 * connect-src beyond 'self', from the same variables the app reads (src/lib/env.ts). Without
 * VITE_SUPABASE_URL the app calls its own origin, which 'self' covers, including ws:/wss: to the
 * same host and port (CSP Level 3), where Realtime's WebSocket goes.
 */
export function supabaseConnectSources(vars: Record<string, string | undefined>): string[] {
  const origin = new URL(readSupabaseEnv(vars, OWN_ORIGIN).url).origin;
  if (origin === OWN_ORIGIN) return [];
  return [origin, origin.replace(/^http/, 'ws')];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP hash source of each inline script in an HTML document (scripts with `src` need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`) || !body) continue;
    hashes.push(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

/**
 * Exactly what the app loads: its own scripts, styles, images, fonts, media, manifest and service
 * worker; Supabase for connect-src.
 * - script-src: no 'unsafe-inline'; the prerendered pages' inline boot script is allowed by hash.
 * - style-src 'unsafe-inline': Mantine writes <style> elements (its CSS variables) at run time and
 *   React renders `style` attributes into the prerendered pages; neither can be hashed ahead of
 *   time. Injected CSS cannot run script, so script-src stays the barrier.
 * - img-src data: the MFA enrolment QR code is an SVG data: URL (from GoTrue via supabase-js).
 * - frame-ancestors 'none': no other site may frame a page (clickjacking of /auth, /checkout).
 */
export function contentSecurityPolicy({ scriptHashes, connectSources }: PolicyInput): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...[...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['connect-src', "'self'", ...connectSources],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Every header, for every response (HTML, scripts, assets, the service worker). */
export function securityHeaders(input: PolicyInput): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(input),
    // Older browsers ignore frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Features the app never uses stay off for it and anything it could ever embed.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // A page the app opens, or that opens it, gets no handle on its window.
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

const HEADER_FILE_NOTE = '# Written by the build (src/app/security-headers/headers.ts). Netlify / Cloudflare Pages format.';

/** The `_headers` file: one rule for every path. */
export function headersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `${HEADER_FILE_NOTE}\n/*\n${lines.join('\n')}\n`;
}

/** The headers of the `/*` rule of a `_headers` file. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inRule = false;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inRule = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inRule && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
