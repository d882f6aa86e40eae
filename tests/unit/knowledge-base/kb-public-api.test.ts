import { describe, expect, it } from 'vitest';
import { isKbListRequest, kbArticleIdOf, kbArticleUrl, kbListUrl } from '@/lib/kb-public-api.ts';

const ID = '30000000-0000-4000-8000-000000000001';
const BASE = 'https://project.supabase.co';

describe('public knowledge-base reads (what the service worker keeps)', () => {
  it('recognises the list and single-article reads the public pages make', () => {
    expect(isKbListRequest('GET', new URL(kbListUrl(BASE)))).toBe(true);
    expect(kbArticleIdOf('GET', new URL(kbListUrl(BASE)))).toBeNull();
    expect(kbArticleIdOf('GET', new URL(kbArticleUrl(BASE, ID)))).toBe(ID);
    expect(isKbListRequest('GET', new URL(kbArticleUrl(BASE, ID)))).toBe(false);
  });

  it('never matches the replication pulls, writes or other tables', () => {
    const pull = new URL(`${BASE}/rest/v1/kb_articles?select=*&order=_modified.asc,id.asc&limit=100`);
    expect(isKbListRequest('GET', pull)).toBe(false);
    expect(kbArticleIdOf('GET', pull)).toBeNull();
    expect(isKbListRequest('POST', new URL(kbListUrl(BASE)))).toBe(false);
    expect(kbArticleIdOf('PATCH', new URL(kbArticleUrl(BASE, ID)))).toBeNull();
    expect(isKbListRequest('GET', new URL(kbListUrl(BASE).replace('kb_articles', 'kb_articles_x')))).toBe(false);
  });

  it('refuses an id that is not a uuid', () => {
    expect(() => kbArticleUrl(BASE, 'x&select=*')).toThrow();
    expect(kbArticleIdOf('GET', new URL(`${kbListUrl(BASE)}&id=eq.abc`))).toBeNull();
  });
});
