// The admin pages' requests as built (not sent): keyset pages for the Financial CSV export and
// Access Logs' 'Load more', the filters, and the stat counts.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { logCountQuery, statCounts } from '@/features/access-logs/data/access-log-stats.ts';
import { LOG_PAGE_SIZE, logPageQuery, NO_FILTERS } from '@/features/access-logs/data/access-logs.ts';
import { EXPORT_PAGE, transactionsPageQuery } from '@/features/finance/data/transactions.ts';

const supabase = createClient('http://127.0.0.1:9', 'anon-key', { auth: { persistSession: false, autoRefreshToken: false } });
/** The request's query string as [name, value] pairs, in order (repeated names kept). */
const params = (query: object) => [...(query as { url: URL }).url.searchParams.entries()];

const FROM = '2026-03-01T00:00:00+00:00';
const TO = '2026-04-01T00:00:00+00:00';
const AT = '2026-03-10T12:00:00.123456+00:00';
const ID = '6f1c0a52-5d1e-4c1b-9a51-1d5f0c6f9b10';

describe('transactionsPageQuery', () => {
  it('asks for the newest rows of the period first, without OFFSET', () => {
    expect(params(transactionsPageQuery(supabase, FROM, TO, null, EXPORT_PAGE))).toEqual([
      ['select', 'id,transaction_type,amount,currency,description,category,processed_at,order:orders(order_number)'],
      ['processed_at', `gte.${FROM}`],
      ['processed_at', `lt.${TO}`],
      ['order', 'processed_at.desc,id.desc'],
      ['limit', '1000'],
    ]);
  });

  it('continues after the cursor: bounded by its instant, then before it in (processed_at, id) order', () => {
    const p = params(transactionsPageQuery(supabase, FROM, TO, { processed_at: AT, id: ID }, EXPORT_PAGE));
    expect(p).toContainEqual(['processed_at', `lte.${AT}`]);
    expect(p).toContainEqual(['or', `(processed_at.lt.${AT},id.lt.${ID})`]);
    expect(p.some(([name]) => name === 'offset')).toBe(false);
  });
});

describe('logPageQuery', () => {
  it('asks for the newest 500 with no filter', () => {
    expect(params(logPageQuery(supabase, NO_FILTERS, null))).toEqual([
      ['select', '*'],
      ['order', 'created_at.desc,id.desc'],
      ['limit', String(LOG_PAGE_SIZE)],
    ]);
  });

  it("continues after the last row shown, and keeps the filters on 'Load more'", () => {
    expect(params(logPageQuery(supabase, { search: '', action: 'login_failed', result: 'failed' }, { created_at: AT, id: ID }))).toEqual([
      ['select', '*'],
      ['action', 'eq.login_failed'],
      ['success', 'eq.false'],
      ['created_at', `lte.${AT}`],
      ['or', `(created_at.lt.${AT},id.lt.${ID})`],
      ['order', 'created_at.desc,id.desc'],
      ['limit', String(LOG_PAGE_SIZE)],
    ]);
  });

  it('searches through search_access_logs() with the ilike pattern, the filters and the cursor', () => {
    const rpc = vi.spyOn(supabase, 'rpc');
    void logPageQuery(supabase, { search: ' Fire,fox ', action: 'login_failed', result: 'failed' }, { created_at: AT, id: ID });
    void logPageQuery(supabase, { search: 'chrome', action: 'all', result: 'success' }, null);
    expect(rpc.mock.calls).toEqual([
      ['search_access_logs', { p_pattern: '%Fire fox%', p_action: 'login_failed', p_success: false, p_before_at: AT, p_before_id: ID, p_limit: LOG_PAGE_SIZE, p_matching_actions: null }],
      ['search_access_logs', { p_pattern: '%chrome%', p_action: null, p_success: true, p_before_at: null, p_before_id: null, p_limit: LOG_PAGE_SIZE, p_matching_actions: null }],
    ]);
    rpc.mockRestore();
  });

  it('sends the codes of the actions whose words the search text is part of', () => {
    const rpc = vi.spyOn(supabase, 'rpc');
    void logPageQuery(supabase, { search: 'Failed sign-in', action: 'all', result: 'all' }, null);
    void logPageQuery(supabase, { search: 'door command: open', action: 'all', result: 'all' }, null);
    expect(rpc.mock.calls.map(([, args]) => [(args as { p_pattern: string }).p_pattern, (args as { p_matching_actions: unknown }).p_matching_actions])).toEqual([
      ['%Failed sign-in%', ['login_failed']],
      // The colon is dropped from the pattern, not from the words.
      ['%door command  open%', ['door.open']],
    ]);
    rpc.mockRestore();
  });
});

describe('logCountQuery', () => {
  it('counts every log, the failed ones, and both since the given midnight, with head requests', () => {
    const since = '2026-11-24T23:00:00.000Z';
    const c = statCounts(since);
    expect(params(logCountQuery(supabase, c.total))).toEqual([['select', '*']]);
    expect(params(logCountQuery(supabase, c.failed))).toEqual([['select', '*'], ['success', 'eq.false']]);
    expect(params(logCountQuery(supabase, c.todayTotal))).toEqual([['select', '*'], ['created_at', `gte.${since}`]]);
    expect(params(logCountQuery(supabase, c.todayFailed))).toEqual([['select', '*'], ['success', 'eq.false'], ['created_at', `gte.${since}`]]);
  });
});
