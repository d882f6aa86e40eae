/**
 * Which URLs e-mailed links may redirect to, and which web origins may call the stack (CORS,
 * WebSocket `Origin`): the configured site URL and `[auth] additional_redirect_urls`.
 *
 * Patterns are matched per URL component, never as one string: `http://localhost:*` once became
 * the regex `^http://localhost:.*$`, which accepted `http://localhost:1@evil.test/steal` (user-info
 * `localhost:1`, host `evil.test`). Here the candidate is parsed first; a URL with user-info is
 * never allowed; scheme, host and port are compared separately, and a `*` matches only inside its
 * own component (in the host not across a `.`, in the path not across a `/`; `**` crosses them),
 * as GoTrue's glob separators do. A pattern without a path allows every path of its origin.
 */
import type { UrlPolicy } from './contracts.ts';

export interface AllowedUrls {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

interface Pattern {
  protocol: string;
  host: RegExp;
  port: RegExp;
  /** undefined: any path (and query) of the origin. */
  path?: RegExp;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A glob over one component: `**` any run, `*` any run without `separator`. */
function glob(source: string, separator: string): RegExp {
  const body = source
    .split('**')
    .map((part) => part.split('*').map(escape).join(`[^${escape(separator)}]*`))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function compile(pattern: string): Pattern | null {
  const m = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)(.*)$/i.exec(pattern.trim());
  if (!m) return null;
  const protocol = m[1]!.toLowerCase();
  const authority = m[2]!;
  if (authority.includes('@') || authority === '') return null; // user-info is never allowed
  const hp = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority);
  if (!hp) return null;
  const host = hp[1]!;
  const port = hp[2] ?? DEFAULT_PORTS[protocol] ?? '';
  const rest = m[3]!;
  return {
    protocol,
    host: glob(host, '.'),
    port: new RegExp(`^${port.split('*').map(escape).join('\\d*')}$`),
    ...(rest && rest !== '/' ? { path: glob(rest, '/') } : {}),
  };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const portOf = (u: URL) => u.port || DEFAULT_PORTS[u.protocol] || '';

function matches(p: Pattern, u: URL, withPath: boolean): boolean {
  if (u.protocol !== p.protocol || !p.host.test(u.hostname) || !p.port.test(portOf(u))) return false;
  return !withPath || !p.path || p.path.test(u.pathname + u.search);
}


export function urlPolicy(allowed: AllowedUrls): UrlPolicy {
  const site = parse(allowed.siteUrl);
  const patterns = allowed.additionalRedirectUrls.map(compile).filter((p): p is Pattern => p !== null);
  const sameSite = (u: URL) => !!site && u.protocol === site.protocol && u.hostname === site.hostname;
  const check = (url: string, withPath: boolean) => {
    const u = parse(url);
    if (!u || u.username || u.password) return false;
    // GoTrue allows any URL on the site's host; we also require its scheme.
    if (sameSite(u) && (withPath || portOf(u) === portOf(site!))) return true;
    return patterns.some((p) => matches(p, u, withPath));
  };
  return {
    isAllowedRedirect: (url) => check(url, true),
    isAllowedOrigin: (origin) => origin !== 'null' && /^[a-z][a-z0-9+.-]*:\/\/[^/?#@]+$/i.test(origin) && check(origin, false),
  };
}
