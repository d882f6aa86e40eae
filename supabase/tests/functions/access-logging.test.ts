import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { clientWithHeaders, countRows, createUser, type TestUser } from './helpers.ts';

const CATEGORY = '7f000000-0000-4000-8000-000000000001';
const FIXTURE = `
insert into public.support_categories (id, name) values ('${CATEGORY}', 'Logging test category');
insert into public.products (id, name, slug, price, category, stock) values (201, 'Log Test Item', 'log-test-item', 10.00, 'accessories', 50);
`;
const HEADERS = { 'x-forwarded-for': '203.0.113.7, 10.0.0.1', 'user-agent': 'FunctionsTest/1.0' };

interface LogRow { user_id: string | null; action: string; resource: string | null; ip_address: string | null; user_agent: string | null; success: boolean; error_message: string | null }

describeEngines('access logging', (engine) => {
  let t: TestStack;
  let customer: TestUser;
  let support: TestUser;
  let admin: TestUser;
  // Rows are compared in the order they were written; a test whose rows can share a created_at
  // (statements within the same clock tick, which PGlite's coarse clock makes likely) orders by
  // something else.
  const logsFor = async (where: string, params: unknown[], orderBy = 'created_at, id') => (await t.db.query<LogRow>(
    `select user_id, action, resource, host(ip_address) as ip_address, user_agent, success, error_message
     from public.access_logs where ${where} order by ${orderBy}`, params)).rows;

  beforeAll(async () => {
    // The stack trusts forwarding headers only from configured proxies: the test plays the
    // gateway (127.0.0.1) and an inner proxy (10.0.0.1), so the first hop is the client.
    t = await startTestStack({ engine, fixtureSql: FIXTURE, configOverrides: { api: { trusted_proxies: ['127.0.0.1', '10.0.0.1'] } } });
    [customer, support, admin] = await Promise.all([createUser(t), createUser(t, 'support'), createUser(t, 'admin')]);
  });
  afterAll(() => t?.close());

  describe('log_access_event', () => {
    it('records a staff action with the caller, IP (first forwarded hop) and user agent', async () => {
      const client = clientWithHeaders(t, support.token, HEADERS);
      const { data, error } = await client.rpc('log_access_event', { p_action: 'report.export', p_resource: 'financial/this_month', p_success: true });
      expect(error).toBeNull();
      const rows = await logsFor('id = $1', [data]);
      expect(rows).toEqual([{ user_id: support.id, action: 'report.export', resource: 'financial/this_month', ip_address: '203.0.113.7',
        user_agent: 'FunctionsTest/1.0', success: true, error_message: null }]);
    });

    it('records failures with their error message', async () => {
      const { data } = await admin.client.rpc('log_access_event', { p_action: 'cms.publish', p_resource: 'cms_content/x', p_success: false, p_error: 'Slug taken' });
      expect((await logsFor('id = $1', [data]))[0]).toMatchObject({ user_id: admin.id, success: false, error_message: 'Slug taken' });
    });

    it('refuses anon (401), customers (403) and bad input (400)', async () => {
      const args = { p_action: 'x.y', p_resource: 'r', p_success: true };
      expect((await t.client().rpc('log_access_event', args)).status).toBe(401);
      const asCustomer = await customer.client.rpc('log_access_event', args);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.error?.message).toBe('Access denied. Admin or support privileges required.');
      expect((await support.client.rpc('log_access_event', { ...args, p_action: '  ' })).status).toBe(400);
      expect((await support.client.rpc('log_access_event', { ...args, p_action: 'a'.repeat(101) })).status).toBe(400);
      expect(await countRows(t, `select 1 from public.access_logs where action = 'x.y'`)).toBe(0);
    });

    it('refuses an admin with a verified factor until the session is aal2', async () => {
      const mfaAdmin = await createUser(t, 'admin');
      await t.db.query(`insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at)
        values ($1, $2, 'totp', 'verified', now(), now())`, [randomUUID(), mfaAdmin.id]);
      expect((await mfaAdmin.client.rpc('log_access_event', { p_action: 'a.b', p_resource: null, p_success: true })).status).toBe(403);
      const aal2 = t.client({ accessToken: await t.userToken(mfaAdmin.id, { aal: 'aal2' }) });
      expect((await aal2.rpc('log_access_event', { p_action: 'a.b', p_resource: null, p_success: true })).error).toBeNull();
    });
  });

  describe('sign-ins (auth.audit_log_entries trigger)', () => {
    const signIn = (email: string, password: string, headers: Record<string, string>) =>
      fetch(`${t.url}/auth/v1/token?grant_type=password`, {
        method: 'POST', headers: { apikey: t.anonKey, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email, password }),
      });

    it('logs a failed and a successful sign-in through /auth/v1 with IP and user agent', async () => {
      const email = `signin-${randomUUID().slice(0, 8)}@example.test`;
      const created = await t.client({ serviceRole: true }).auth.admin.createUser({ email, password: 'correct horse 1', email_confirm: true });
      const userId = created.data.user!.id;
      const headers = { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'SignInTest/2.0' };
      expect((await signIn(email, 'wrong password', headers)).status).toBe(400);
      expect((await signIn(email, 'correct horse 1', headers)).status).toBe(200);
      expect(await logsFor('user_id = $1', [userId])).toEqual([
        { user_id: userId, action: 'login_failed', resource: `auth/${email}`, ip_address: '198.51.100.23', user_agent: 'SignInTest/2.0', success: false, error_message: 'Invalid login credentials' },
        { user_id: userId, action: 'login', resource: `auth/${email}`, ip_address: '198.51.100.23', user_agent: 'SignInTest/2.0', success: true, error_message: null },
      ]);
    });

    it('logs a failed sign-in for an unknown address without a user', async () => {
      const email = `nobody-${randomUUID().slice(0, 8)}@example.test`;
      await signIn(email, 'whatever 123', { 'user-agent': 'SignInTest/3.0' });
      expect(await logsFor('resource = $1', [`auth/${email}`])).toMatchObject([{ user_id: null, action: 'login_failed', success: false, user_agent: 'SignInTest/3.0' }]);
    });

    it('takes GoTrue-shaped rows inserted directly, ignores other actions and never blocks the auth server', async () => {
      const insert = (payload: object, ip = '192.0.2.9') => t.db.query(
        `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values (null, $1, $2::json, now(), $3)`,
        [randomUUID(), JSON.stringify(payload), ip]);
      await insert({ action: 'login', actor_id: customer.id, actor_username: customer.email, traits: { provider: 'email', user_agent: 'GoTrue/2' } });
      await insert({ action: 'logout', actor_id: customer.id, actor_username: customer.email, traits: {} });
      await insert({ action: 'login_failed', actor_id: 'not-a-uuid', actor_username: 'odd@example.test', traits: { reason: 'email_not_confirmed' } }, 'not an ip');
      expect(await logsFor('resource in ($1, $2)', [`auth/${customer.email}`, 'auth/odd@example.test'], 'action')).toEqual([
        { user_id: customer.id, action: 'login', resource: `auth/${customer.email}`, ip_address: '192.0.2.9', user_agent: 'GoTrue/2', success: true, error_message: null },
        { user_id: null, action: 'login_failed', resource: 'auth/odd@example.test', ip_address: null, user_agent: null, success: false, error_message: 'Email not confirmed' },
      ]);
    });
  });

  describe('staff writes', () => {
    it('logs inventory create, update and delete by an admin as inventory.<op> on inventory/<id>', async () => {
      const client = clientWithHeaders(t, admin.token, HEADERS);
      const created = await client.from('inventory').insert({ product_name: 'Spare remote', sku: `SR-${randomUUID().slice(0, 6)}`, current_stock: 4 }).select('id').single();
      expect(created.error).toBeNull();
      const id = created.data!.id as string;
      expect((await client.from('inventory').update({ current_stock: 3 }).eq('id', id)).error).toBeNull();
      expect((await client.from('inventory').delete().eq('id', id)).error).toBeNull();
      const rows = await logsFor('resource = $1', [`inventory/${id}`]);
      expect(rows.map((r) => r.action)).toEqual(['inventory.create', 'inventory.update', 'inventory.delete']);
      expect(rows.every((r) => r.user_id === admin.id && r.ip_address === '203.0.113.7' && r.user_agent === 'FunctionsTest/1.0' && r.success)).toBe(true);
    });

    it('logs ticket status and assignment changes by support, but not the customer opening the ticket', async () => {
      const opened = await customer.client.from('support_tickets').insert({ subject: 'Door stuck', description: 'The door stops halfway.', category_id: CATEGORY }).select('id').single();
      expect(opened.error).toBeNull();
      const id = opened.data!.id as string;
      expect((await support.client.from('support_tickets').update({ status: 'in_progress' }).eq('id', id)).error).toBeNull();
      expect((await support.client.from('support_tickets').update({ assigned_to: support.id }).eq('id', id)).error).toBeNull();
      expect((await logsFor('resource = $1', [`support_tickets/${id}`])).map((r) => [r.action, r.user_id])).toEqual([
        ['ticket.status', support.id], ['ticket.assign', support.id]]);
    });

    it('logs CMS and knowledge-base edits, order status and role changes', async () => {
      const cms = await support.client.from('cms_content').insert({ title: 'Warranty', slug: `warranty-${randomUUID().slice(0, 6)}`, content: 'Two years.' }).select('id').single();
      expect(cms.error).toBeNull();
      const kb = await support.client.from('kb_articles').insert({ title: 'Pairing', content: 'Press and hold pair.', category: 'Installation' }).select('id').single();
      expect(kb.error).toBeNull();
      const order = await customer.client.rpc('place_order', { items: [{ product_id: 201, quantity: 1 }], contact: {
        email: customer.email, first_name: 'A', last_name: 'B', address: '1 Road', city: 'Town', state: 'TX', zip_code: '1' } });
      expect(order.error).toBeNull();
      expect((await admin.client.from('orders').update({ status: 'shipped' }).eq('id', order.data.id)).error).toBeNull();
      const promoted = await createUser(t);
      expect((await admin.client.from('profiles').update({ role: 'support' }).eq('user_id', promoted.id)).error).toBeNull();

      expect((await logsFor('resource = $1', [`cms_content/${cms.data!.id}`])).map((r) => r.action)).toEqual(['cms.create']);
      expect((await logsFor('resource = $1', [`kb_articles/${kb.data!.id}`])).map((r) => r.action)).toEqual(['kb_article.create']);
      expect((await logsFor('resource = $1', [`orders/${order.data.id}`])).map((r) => [r.action, r.user_id])).toEqual([['order.status', admin.id]]);
      expect((await logsFor('resource = $1', [`profiles/${promoted.id}`])).map((r) => [r.action, r.user_id])).toEqual([['profile.role', admin.id]]);
      // The stock decrement inside place_order is not a staff write.
      expect(await countRows(t, `select 1 from public.access_logs where resource = 'products/201'`)).toBe(0);
    });

    it('lets staff read the log and customers not', async () => {
      expect((await support.client.from('access_logs').select('id').limit(1)).data).toHaveLength(1);
      expect((await customer.client.from('access_logs').select('id')).data).toEqual([]);
    });
  });
});
