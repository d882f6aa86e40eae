/**
 * The admin pages' reads after the changes for production size (tests/bench/admin-bench.ts):
 * the Financial CSV export pages by keyset instead of OFFSET, Access Logs' 'Load more' starts its
 * index scan at the cursor, and the text search goes through search_access_logs() (staff only),
 * which may use trigram indexes (PostgreSQL only). Each
 * read is made with the feature's own query builder and compared with the plain SQL answer: the
 * same rows in the same order, ties included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './functions/helpers.ts';
import { transactionsPageQuery, type TransactionCursor } from '../../src/features/finance/data/transactions.ts';
import { LOG_PAGE_SIZE, logPageQuery, NO_FILTERS, type AccessLog, type Cursor, type LogFilters } from '../../src/features/access-logs/data/access-logs.ts';
import { actionsLabelled } from '../../src/features/access-logs/log-labels.ts';

describeEngines('admin reads at scale', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  let support: TestUser;
  let customer: TestUser;
  const ids = async (text: string, params: unknown[] = []) => (await t.db.query<{ id: string }>(text, params)).rows.map((r) => r.id);

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [admin, support, customer] = await Promise.all([createUser(t, 'admin'), createUser(t, 'support'), createUser(t)]);
    await t.db.exec('delete from public.financial_transactions; delete from public.access_logs;');
  });
  afterAll(() => t?.close());

  describe('Financial CSV export by keyset', () => {
    const from = '2026-03-01T00:00:00+00:00';
    const to = '2026-04-01T00:00:00+00:00';

    beforeAll(async () => {
      // 41 rows in March, in groups of 4 that share an instant (ties across page ends), and two
      // rows just outside the period.
      await t.db.exec(`insert into public.financial_transactions (transaction_type, amount, processed_at)
        select (array['sale', 'revenue', 'expense', 'refund'])[1 + g % 4]::public.transaction_type, g,
          timestamptz '2026-03-01' + (g / 4) * interval '17 hours' + (g / 4) * interval '0.000123 seconds'
        from generate_series(0, 40) g;
        insert into public.financial_transactions (transaction_type, amount, processed_at)
        values ('sale', 1, '2026-02-28 23:59:59.999999+00'), ('sale', 1, '2026-04-01 00:00:00+00');`);
    });

    const exportAll = async (size: number) => {
      const rows: { id: string; processed_at: string }[] = [];
      let cursor: TransactionCursor = null;
      for (;;) {
        const { data, error } = await transactionsPageQuery(admin.client, from, to, cursor, size);
        expect(error).toBeNull();
        rows.push(...data!);
        if (data!.length < size) return rows;
        cursor = data!.at(-1)!;
      }
    };

    it('gives every row of the period once, in (processed_at, id) order, whatever the page size', async () => {
      const expected = await ids(`select id from public.financial_transactions where processed_at >= $1 and processed_at < $2
        order by processed_at desc, id desc`, [from, to]);
      expect(expected).toHaveLength(41);
      for (const size of [1, 3, 4, 10, 41, 1000]) expect((await exportAll(size)).map((r) => r.id)).toEqual(expected);
    });

    it('is still the admin only: support and customers export nothing', async () => {
      for (const u of [support, customer]) {
        const { data, error } = await transactionsPageQuery(u.client, from, to, null, 10);
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
    });
  });

  describe('Access Logs pages and filters', () => {
    beforeAll(async () => {
      // 1,234 logs, seven per instant (ties across the 500-row page ends), with mixed case text.
      await t.db.exec(`insert into public.access_logs (action, resource, user_agent, success, error_message, created_at)
        select case when g % 3 = 0 then 'login_failed' when g % 10 = 1 then 'cms.update' else 'login' end,
          case when g % 10 = 1 then 'cms/page-' || g else 'auth/User' || g || '@Example.com' end,
          case when g % 2 = 0 then 'Mozilla/5.0 Firefox/132.0' else 'Mozilla/5.0 Chrome/131.0' end, g % 3 <> 0,
          case when g % 3 = 0 then 'Invalid login credentials' end,
          timestamptz '2026-11-01' - (g / 7) * interval '1 minute' - (g / 7) * interval '0.000017 seconds'
        from generate_series(1, 1234) g`);
    });

    const readAll = async (user: TestUser, filters: Partial<LogFilters>) => {
      const rows: AccessLog[] = [];
      let cursor: Cursor = null;
      for (;;) {
        const { data, error } = await logPageQuery(user.client, { ...NO_FILTERS, ...filters }, cursor);
        expect(error).toBeNull();
        rows.push(...(data as AccessLog[]));
        if (data!.length < LOG_PAGE_SIZE) return rows.map((r) => r.id);
        cursor = { created_at: data!.at(-1)!.created_at, id: data!.at(-1)!.id };
      }
    };
    const reference = (where: string, params: unknown[] = []) =>
      ids(`select id from public.access_logs where ${where} order by created_at desc, id desc`, params);
    const anywhere = `(action ilike $1 or resource ilike $1 or user_agent ilike $1 or error_message ilike $1)`;

    it("'Load more' pages through every row once, in (created_at, id) order", async () => {
      const all = await readAll(support, {});
      expect(all).toHaveLength(1234);
      expect(all).toEqual(await reference('true'));
    });

    it('the text search matches anywhere in the four columns, ignoring case, as plain ilike does', async () => {
      for (const text of ['firefox', 'FIREFOX', 'user12', '@example.com', 'invalid login', 'cms/page-1', 'in', 'no such text']) {
        expect(await readAll(support, { search: text }), text).toEqual(await reference(anywhere, [`%${text}%`]));
      }
    });

    it('the action, result and combined filters give the rows plain SQL gives, page after page', async () => {
      expect(await readAll(admin, { action: 'login_failed' })).toEqual(await reference(`action = 'login_failed'`));
      expect(await readAll(admin, { result: 'failed' })).toEqual(await reference('not success'));
      expect(await readAll(admin, { result: 'success' })).toEqual(await reference('success'));
      expect(await readAll(admin, { search: 'chrome', action: 'login', result: 'success' }))
        .toEqual(await reference(`${anywhere} and action = 'login' and success`, ['%chrome%']));
      expect(await readAll(admin, { action: 'financial.delete' })).toEqual([]);
    });

    it('customers read no logs, and their search is refused', async () => {
      expect(await readAll(customer, {})).toEqual([]);
      const search = await logPageQuery(customer.client, { ...NO_FILTERS, search: 'firefox' }, null);
      expect(search.status).toBe(403);
      expect(search.data).toBeNull();
      const anon = await logPageQuery(t.client(), { ...NO_FILTERS, search: 'firefox' }, null);
      expect(anon.error).not.toBeNull();
    });

    it('search_access_logs() refuses a missing pattern or a page over 500', async () => {
      for (const args of [{ p_pattern: null }, { p_pattern: '%a%', p_limit: 501 }, { p_pattern: '%a%', p_limit: 0 }]) {
        expect((await support.client.rpc('search_access_logs', args)).error?.code).toBe('22023');
      }
    });

    it(engine === 'postgres' ? 'has trigram indexes the planner can use for the search' : 'has no trigram indexes (the engine has no pg_trgm)', async () => {
      const indexes = (await t.db.query<{ indexname: string }>(`select indexname from pg_indexes
        where schemaname = 'public' and tablename = 'access_logs' and indexname like '%trgm%' order by 1`)).rows.map((r) => r.indexname);
      if (engine === 'pglite') {
        expect(indexes).toEqual([]);
        return;
      }
      expect(indexes).toEqual(['access_logs_action_trgm_idx', 'access_logs_error_message_trgm_idx', 'access_logs_resource_trgm_idx', 'access_logs_user_agent_trgm_idx']);
      await t.db.exec('begin; set local enable_seqscan = off; set local enable_indexscan = off;');
      try {
        const plan = (await t.db.query<Record<string, string>>(`explain select id from public.access_logs where ${anywhere.replaceAll('$1', `'%user12%'`)}`)).rows
          .map((r) => Object.values(r)[0]).join('\n');
        for (const name of indexes) expect(plan).toContain(name);
      } finally {
        await t.db.exec('rollback');
      }
    });

    describe('the search finds what the page shows: users by name or e-mail, actions by their words', () => {
      const CASEY = '00000000-0000-4000-8000-000000000001'; // seeded: Casey Morales, customer@example.com
      let quinn: TestUser;
      const mine: Record<string, string[]> = {};

      beforeAll(async () => {
        quinn = await createUser(t);
        await t.db.query(`update public.profiles set first_name = 'Quinn', last_name = 'Hartley' where user_id = $1`, [quinn.id]);
        // Newest first within each user; none of these rows holds the user's name or e-mail.
        const rows: [string, string, string, boolean, string][] = [
          ['casey', CASEY, 'login_failed', false, '2026-11-02T10:00:00Z'],
          ['casey', CASEY, 'door.open', true, '2026-11-02T09:00:00Z'],
          ['casey', CASEY, 'login', true, '2026-11-02T08:00:00Z'],
          ['quinn', quinn.id, 'cms.update', true, '2026-11-02T07:00:00Z'],
          ['quinn', quinn.id, 'kb_article.create', true, '2026-11-02T06:00:00Z'],
          ['staff', admin.id, 'ticket.status', true, '2026-11-02T05:00:00Z'],
        ];
        for (const [who, user, action, success, at] of rows) {
          const id = randomUUID();
          await t.db.query(`insert into public.access_logs (id, user_id, action, resource, user_agent, success, created_at)
            values ($1, $2, $3, $4, 'Mozilla/5.0 Safari/605.1', $5, $6)`, [id, user, action, `${action.split('.')[0]}/${randomUUID()}`, success, at]);
          (mine[who] ??= []).push(id);
        }
      });

      /** What the page shows, as plain SQL: the four columns, the user's name or e-mail, the actions' codes. */
      const shown = `(${anywhere} or user_id in (select user_id from public.profiles
        where concat_ws(' ', first_name, last_name) ilike $1 or email ilike $1) or action = any($2))`;

      it("finds a user's logs by first name, last name or full name, ignoring case", async () => {
        for (const text of ['Casey', 'casey', 'MORALES', 'Casey Morales']) {
          expect(await readAll(admin, { search: text }), text).toEqual(mine.casey);
        }
        expect(await readAll(admin, { search: 'Quinn Hartley' })).toEqual(mine.quinn);
      });

      it("finds a user's logs by part of their e-mail", async () => {
        const local = quinn.email.slice(0, quinn.email.indexOf('@') + 1);
        expect(await readAll(admin, { search: local })).toEqual(mine.quinn);
        expect(await readAll(admin, { search: local.toUpperCase() })).toEqual(mine.quinn);
      });

      it('finds actions by their words, the codes coming from the page', async () => {
        expect(await readAll(admin, { search: 'Failed sign-in' })).toEqual(await reference(`action = 'login_failed'`));
        expect(await readAll(admin, { search: 'Door command: open' })).toEqual([mine.casey![1]]);
        expect(await readAll(admin, { search: 'content updated' })).toEqual(await reference(`action = 'cms.update'`));
      });

      it('gives the rows plain SQL gives for the same rule, page after page, and the filters still narrow them', async () => {
        const local = quinn.email.slice(0, quinn.email.indexOf('@') + 1);
        for (const text of ['casey', 'hartley', local, 'example', 'sign-in', 'updated', 'user12', 'safari', 'no such text']) {
          expect(await readAll(support, { search: text }), text).toEqual(await reference(shown, [`%${text}%`, actionsLabelled(text)]));
        }
        expect(await readAll(admin, { search: 'Casey', result: 'failed' })).toEqual([mine.casey![0]]);
        expect(await readAll(admin, { search: 'Casey', action: 'login' })).toEqual([mine.casey![2]]);
        expect(await readAll(admin, { search: 'sign-in', action: 'login', result: 'success' })).toEqual(await reference(`action = 'login' and success`));
      });

      it('support staff search as admins do; customers and anon are refused as before', async () => {
        for (const text of ['Casey', 'Failed sign-in']) expect(await readAll(support, { search: text })).toEqual(await readAll(admin, { search: text }));
        for (const filters of [{ search: 'Casey' }, { search: 'Failed sign-in' }]) {
          const asCustomer = await logPageQuery(customer.client, { ...NO_FILTERS, ...filters }, null);
          expect(asCustomer.status).toBe(403);
          expect(asCustomer.error).toMatchObject({ code: '42501', message: 'Access denied. Admin or support privileges required.' });
          expect(asCustomer.data).toBeNull();
          const asAnon = await logPageQuery(t.client(), { ...NO_FILTERS, ...filters }, null);
          expect(asAnon.status).toBe(401);
          expect(asAnon.error).toMatchObject({ code: '42501', message: 'permission denied for function search_access_logs' });
          expect(asAnon.data).toBeNull();
        }
      });

      it('is one function, still security definer with an empty search path, for authenticated callers only', async () => {
        const { rows } = await t.db.query<{ args: string; definer: boolean; config: string[] | null; anon: boolean; authenticated: boolean; service: boolean }>(
          `select pg_get_function_identity_arguments(p.oid) as args, p.prosecdef as definer, p.proconfig as config,
             has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
             has_function_privilege('service_role', p.oid, 'execute') as service
           from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = 'search_access_logs'`);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ definer: true, config: ['search_path=""'], anon: false, authenticated: true, service: false });
        expect(rows[0]!.args).toContain('p_matching_actions text[]');
      });
    });
  });
});
