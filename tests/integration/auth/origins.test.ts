import { describe, expect, it } from 'vitest';
import { urlPolicy } from '../../../supabase/local/origins.ts';
import { createPublicUrl } from '../../../supabase/local/public-url.ts';

// Pure functions: the redirect and origin allow-list that /auth/v1 (e-mailed links) and CORS use.
describe('origins: redirect allow-list matched per URL component', () => {
  const policy = urlPolicy({
    siteUrl: 'http://127.0.0.1:4173',
    additionalRedirectUrls: [
      'http://localhost:*',
      'https://*.example.test',
      'https://app.example.org/auth/*',
      'https://docs.example.org/**',
      'https://**.deep.test',
      'myapp://callback',
    ],
  });
  const allowed = (url: string) => policy.isAllowedRedirect(url);

  it('refuses user-info, however the pattern reads as a string', () => {
    expect(allowed('http://localhost:1@evil.test/steal')).toBe(false);
    expect(allowed('http://localhost:3000@evil.test/')).toBe(false);
    expect(allowed('http://user:pw@localhost:3000/')).toBe(false);
    expect(allowed('http://127.0.0.1:4173@evil.test/')).toBe(false);
    expect(allowed('https://a.example.test@evil.test/')).toBe(false);
  });

  it('lets a port * match any port and only a port', () => {
    expect(allowed('http://localhost:3000/')).toBe(true);
    expect(allowed('http://localhost:5173/welcome?x=1')).toBe(true);
    expect(allowed('http://localhost/')).toBe(true); // default port 80 is a port too
    expect(allowed('http://localhost.evil.test:3000/')).toBe(false);
    expect(allowed('http://evil.test/?localhost:3000')).toBe(false);
  });

  it('keeps a host * inside one label; ** crosses dots', () => {
    expect(allowed('https://shop.example.test/')).toBe(true);
    expect(allowed('https://a.b.example.test/')).toBe(false);
    expect(allowed('https://evil.test/.example.test')).toBe(false);
    expect(allowed('https://example.test.evil.test/')).toBe(false);
    expect(allowed('https://a.b.c.deep.test/')).toBe(true);
    expect(allowed('https://deep.test.evil.test/')).toBe(false);
  });

  it('compares schemes exactly', () => {
    expect(allowed('http://shop.example.test/')).toBe(false);
    expect(allowed('https://localhost:3000/')).toBe(false);
    expect(allowed('javascript:alert(1)//localhost:3000')).toBe(false);
    expect(allowed('myapp://callback')).toBe(true);
    expect(allowed('myapp://evil')).toBe(false);
  });

  it('keeps a path * inside one segment; ** crosses slashes; no path allows any', () => {
    expect(allowed('https://app.example.org/auth/callback')).toBe(true);
    expect(allowed('https://app.example.org/auth/a/b')).toBe(false);
    expect(allowed('https://app.example.org/other')).toBe(false);
    expect(allowed('https://docs.example.org/a/b/c')).toBe(true);
    expect(allowed('https://shop.example.test/any/path?q=1')).toBe(true);
  });

  it('allows any path on the site URL, with its scheme, and refuses non-URLs', () => {
    expect(allowed('http://127.0.0.1:4173/auth?mode=reset')).toBe(true);
    expect(allowed('http://127.0.0.1:9999/')).toBe(true); // GoTrue allows any URL on the site's host
    expect(allowed('https://127.0.0.1:4173/')).toBe(false);
    expect(allowed('/relative')).toBe(false);
    expect(allowed('not a url')).toBe(false);
    expect(allowed('')).toBe(false);
  });

  it('checks browser origins: scheme://host[:port] only', () => {
    expect(policy.isAllowedOrigin('http://127.0.0.1:4173')).toBe(true);
    expect(policy.isAllowedOrigin('http://localhost:5173')).toBe(true);
    expect(policy.isAllowedOrigin('https://shop.example.test')).toBe(true);
    expect(policy.isAllowedOrigin('http://127.0.0.1:4174')).toBe(false); // the site's own port only
    expect(policy.isAllowedOrigin('null')).toBe(false);
    expect(policy.isAllowedOrigin('http://localhost:1@evil.test')).toBe(false);
    expect(policy.isAllowedOrigin('http://localhost:5173/path')).toBe(false);
    expect(policy.isAllowedOrigin('https://evil.test')).toBe(false);
  });
});

describe('public URL: links and issuers come from configuration and the listener, never a request', () => {
  it('uses [api] external_url first, then the announced listener, then 127.0.0.1 and [api] port', () => {
    const fallback = createPublicUrl({ api: { port: 54999 } });
    expect(fallback.get()).toBe('http://127.0.0.1:54999');
    fallback.set('http://localhost:4301/');
    expect(fallback.get()).toBe('http://localhost:4301');
    const external = createPublicUrl({ api: { port: 54999, external_url: 'https://api.example.test/' } });
    external.set('http://127.0.0.1:1234');
    expect(external.get()).toBe('https://api.example.test');
    expect(() => fallback.set('javascript:alert(1)')).toThrow();
  });
});
