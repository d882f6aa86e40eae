// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  parseHeadersFile,
  securityHeaders,
  supabaseConnectSources,
} from '../../../src/app/security-headers/headers.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('connect-src follows the Supabase URL the app is built with', () => {
  it("is only 'self' without VITE_SUPABASE_URL (the app calls its own origin)", () => {
    expect(supabaseConnectSources({})).toEqual([]);
    expect(supabaseConnectSources({ VITE_SUPABASE_URL: '  ' })).toEqual([]);
  });

  it('adds a hosted project over https and wss (Realtime)', () => {
    const sources = supabaseConnectSources({ VITE_SUPABASE_URL: 'https://abcd.supabase.co/' });
    expect(sources).toEqual(['https://abcd.supabase.co', 'wss://abcd.supabase.co']);
    const csp = contentSecurityPolicy({ scriptHashes: [], connectSources: sources });
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co");
  });

  it('adds `npm run stack` on its own port over http and ws', () => {
    expect(supabaseConnectSources({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toEqual(['http://127.0.0.1:54321', 'ws://127.0.0.1:54321']);
  });

  it('refuses a URL the app would refuse', () => {
    expect(() => supabaseConnectSources({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/absolute URL/);
  });
});

describe('inline scripts are allowed by hash', () => {
  it('hashes the text of each inline script, not scripts with src', () => {
    const boot = 'import("/assets/index-abc.js")';
    const html = `<script type="module" crossorigin src="/assets/x.js"></script><script type="module">${boot}</script><script></script>`;
    const expected = createHash('sha256').update(boot).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([expected]);
    const csp = contentSecurityPolicy({ scriptHashes: [expected, expected], connectSources: [] });
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' 'sha256-${expected}'`);
  });

  it('never allows inline or eval script, plugins, or framing', () => {
    const csp = contentSecurityPolicy({ scriptHashes: ['x'], connectSources: [] });
    expect(directive(csp, 'script-src')).not.toMatch(/unsafe/);
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data:");
  });
});

describe('the _headers file', () => {
  it('holds every header for every path and reads back the same', () => {
    const headers = securityHeaders({ scriptHashes: ['abc='], connectSources: ['https://abcd.supabase.co', 'wss://abcd.supabase.co'] });
    const file = headersFile(headers);
    expect(file).toMatch(/^# .*\n\/\*\n {2}Content-Security-Policy: default-src 'self';/);
    expect(parseHeadersFile(file)).toEqual(headers);
  });

  it('reads only the /* rule', () => {
    expect(parseHeadersFile('/assets/*\n  Cache-Control: immutable\n/*\n  X-Frame-Options: DENY\n')).toEqual({ 'X-Frame-Options': 'DENY' });
  });
});
