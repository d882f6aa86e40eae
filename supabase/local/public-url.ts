/**
 * The stack's public base URL, for links it e-mails and the `iss` of the tokens it signs. It comes
 * from configuration and from whoever listens, never from a request: a `Host` or
 * `X-Forwarded-Host` header is the client's to choose, and trusting it once put
 * `https://evil.test/auth/v1/verify?token=…` into a victim's recovery e-mail.
 *
 * Precedence: `[api] external_url` (a Supabase CLI key) when set; else the address the server
 * announced after it started listening (`Stack.setPublicUrl`); else `http://127.0.0.1:<[api] port>`.
 */
import { configValue, type StackConfig } from './config.ts';

export interface PublicUrl {
  get(): string;
  /** The listener's own URL (e.g. `http://127.0.0.1:54321`, Vite's resolved local URL); only its origin is kept. */
  set(url: string): void;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function createPublicUrl(config: StackConfig): PublicUrl {
  const external = configValue(config, 'api', 'external_url');
  const configured = typeof external === 'string' && /^https?:\/\/[^/]/i.test(external) ? trimSlash(external) : undefined;
  const port = configValue(config, 'api', 'port');
  let announced = `http://127.0.0.1:${typeof port === 'number' ? port : 54321}`;
  return {
    get: () => configured ?? announced,
    set(url) {
      const u = new URL(url);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an http(s) URL: ${url}`);
      announced = u.origin;
    },
  };
}
