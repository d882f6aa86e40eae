/**
 * /rest/v1 hardening against the product's own schema and seed: the probe's expensive embed
 * request and the client address the access log records.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { pgrstError, rest } from './helpers.ts';

const SUPPORT_USER = '00000000-0000-4000-8000-000000000003';

describeEngines('/rest/v1 on the product schema', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine });
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses 300 embeds of support_tickets before any SQL runs', async () => {
    const select = Array.from({ length: 300 }, (_, i) => `a${i}:support_tickets(id)`).join(',');
    const started = Date.now();
    const r = await rest(t, `/support_categories?select=${select}`);
    expect([r.status, r.json]).toEqual([400, pgrstError('PGRST100', 'The select parameter is too complex',
      'At most 20 embedded resources are allowed in one request',
      'Split the request into simpler ones, or move the query into a database function called with /rpc.')]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await rest(t, '/support_categories?select=id,support_tickets(id)&limit=1')).status).toBe(200);
  });

  // PostgREST ships aggregates off (`db-aggregates-enabled = false`), and so does config.toml: every
  // aggregate is PGRST123, also one in a spread (which PostgREST 12 let through and 13 refuses).
  it('refuses aggregate functions, as config.toml leaves them off (PGRST123)', async () => {
    for (const path of ['/support_categories?select=count()', '/support_categories?select=id,n:id.count()::text',
      '/support_categories?select=id,support_tickets(count())', '/support_tickets?select=id,...support_categories(name.max())']) {
      const r = await rest(t, path);
      expect([r.status, r.json], path).toEqual([400, pgrstError('PGRST123', 'Use of aggregate functions is not allowed')]);
    }
    // Relationship errors come first, and the legacy `count` is no aggregate function.
    expect((await rest(t, '/support_categories?select=count(),nope(count())')).json.code).toBe('PGRST200');
    expect((await rest(t, '/support_categories?select=count')).status).toBe(200);
  });

  // PostgREST ships plans off (`db-plan-enabled = false`), and so does config.toml: the plan media
  // type is then one it cannot produce (406), as for tables, functions and writes alike.
  it('refuses application/vnd.pgrst.plan, as config.toml leaves it off (406)', async () => {
    const plan = 'application/vnd.pgrst.plan+text; for="application/json"';
    for (const [path, method] of [['/support_categories', 'GET'], ['/rpc/log_access_event', 'POST'], ['/support_categories?id=eq.0', 'DELETE']] as const) {
      const r = await rest(t, path, { method, headers: { Accept: 'application/vnd.pgrst.plan' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect([r.status, r.json], path).toEqual([406, pgrstError('PGRST107', `None of these media types are available: ${plan}`)]);
    }
  });

  it('logs the address the stack trusts, not a forged X-Forwarded-For or X-Real-IP', async () => {
    const r = await rest(t, '/rpc/log_access_event', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await t.userToken(SUPPORT_USER)}`, 'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9, 10.0.0.1', 'X-Real-IP': '198.51.100.7',
      },
      body: JSON.stringify({ p_action: 'report.export', p_resource: 'orders', p_success: true }),
    });
    expect(r.status).toBe(200);
    const row = await t.db.query<{ ip: string }>('select host(ip_address) as ip from public.access_logs where id = $1', [r.json]);
    expect(row.rows).toEqual([{ ip: '127.0.0.1' }]);
  });
});
