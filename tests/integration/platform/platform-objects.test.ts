import { afterAll, beforeAll, expect, it } from 'vitest';
import { quoteLiteral } from '../../../supabase/local/literal.ts';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';

const USER = '6f1c1b2e-8d1e-4a57-9a3c-0c2f3b9d7e11';

describeEngines('platform objects', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    // Created as the owner, as a migration would: default privileges must grant it to the API roles.
    t = await startTestStack({ engine, bare: true, fixtureSql: 'create table public.probe (id int primary key, note text);' });
  });
  afterAll(() => t?.close());

  it('has the API roles with Supabase attributes', async () => {
    const { rows } = await t.db.query<{ rolname: string; rolcanlogin: boolean; rolbypassrls: boolean; rolinherit: boolean }>(
      `select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(rows).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
      { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
      { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false, rolinherit: false },
      { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true, rolinherit: false },
    ]);
    const member = await t.db.query<{ ok: boolean }>(
      `select bool_and(pg_has_role('authenticator', r, 'member')) as ok from unnest(array['anon', 'authenticated', 'service_role']) r`,
    );
    expect(member.rows[0]?.ok).toBe(true);
  });

  it('has the schemas, extensions and the auth tables', async () => {
    const schemas = await t.db.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname in ('auth', 'extensions', 'supabase_migrations') order by 1`,
    );
    expect(schemas.rows.map((r) => r.nspname)).toEqual(['auth', 'extensions', 'supabase_migrations']);
    const ext = await t.db.query<{ extname: string; nspname: string }>(
      `select extname, nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where extname in ('pgcrypto', 'uuid-ossp') order by 1`,
    );
    expect(ext.rows).toEqual([
      { extname: 'pgcrypto', nspname: 'extensions' },
      { extname: 'uuid-ossp', nspname: 'extensions' },
    ]);
    const cols = await t.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'users'`,
    );
    const names = cols.rows.map((r) => r.column_name);
    for (const c of ['id', 'aud', 'role', 'email', 'encrypted_password', 'email_confirmed_at', 'raw_app_meta_data',
      'raw_user_meta_data', 'is_super_admin', 'phone', 'banned_until', 'deleted_at', 'is_anonymous', 'confirmed_at']) {
      expect(names).toContain(c);
    }
    await t.db.query(`insert into auth.users (id, email) values ($1, 'x@example.test')`, [USER]);
    await t.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1, $2, '{"email":"X@Example.test"}', 'email')`,
      [USER, USER],
    );
    const identity = await t.db.query<{ email: string }>('select email from auth.identities where user_id = $1', [USER]);
    expect(identity.rows[0]?.email).toBe('x@example.test');
  });

  it('grants new public tables to the API roles, but not auth.users nor _local', async () => {
    const { rows } = await t.db.query<Record<string, boolean>>(`select
      has_table_privilege('anon', 'public.probe', 'select') as anon_probe,
      has_table_privilege('authenticated', 'public.probe', 'insert') as auth_probe,
      has_table_privilege('authenticated', 'auth.users', 'select') as auth_users,
      has_schema_privilege('authenticated', '_local', 'usage') as local_schema,
      has_schema_privilege('anon', 'auth', 'usage') as anon_auth_schema`);
    expect(rows[0]).toEqual({ anon_probe: true, auth_probe: true, auth_users: false, local_schema: false, anon_auth_schema: true });
  });

  it('auth.uid/role/email/jwt read request.jwt.claims, legacy claim settings first', async () => {
    const claims = { sub: USER, role: 'authenticated', email: 'a@example.test', aal: 'aal1' };
    const read = (settings: Record<string, string>) =>
      t.db.requestTransaction({ settings: { role: 'authenticated', ...settings } }, async (tx) =>
        (await tx.query('select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt, current_user as who')).rows[0],
      );
    expect(await read({ 'request.jwt.claims': JSON.stringify(claims) })).toEqual({
      uid: USER, role: 'authenticated', email: 'a@example.test', jwt: claims, who: 'authenticated',
    });
    // PostgREST < 9 style settings still win, as in GoTrue's definitions.
    const legacy = '00000000-0000-0000-0000-0000000000aa';
    const both = await read({ 'request.jwt.claims': JSON.stringify(claims), 'request.jwt.claim.sub': legacy });
    expect(both?.uid).toBe(legacy);
    // No claims at all (anon without a token, or a SQL session): all null, never an error.
    const none = await t.db.requestTransaction({ settings: { role: 'anon' } }, async (tx) =>
      (await tx.query('select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt')).rows[0]);
    expect(none).toEqual({ uid: null, role: null, jwt: null });
  });

  it('runs request transactions read-only when asked and resets the role afterwards', async () => {
    await expect(
      t.db.requestTransaction({ readOnly: true, settings: { role: 'service_role' } }, (tx) => tx.query('insert into probe values (1)')),
    ).rejects.toMatchObject({ code: '25006' });
    const after = await t.db.query<{ who: string; claims: string | null }>(
      `select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(after.rows[0]).toEqual({ who: 'postgres', claims: null });
  });

  it('serializes concurrent transactions so they never see each other mid-way', async () => {
    const runs = Array.from({ length: 8 }, (_, i) =>
      t.db.requestTransaction({ settings: { role: 'service_role', 'request.jwt.claims': JSON.stringify({ n: i }) } }, async (tx) => {
        await tx.query('select pg_sleep(0.01)');
        return (await tx.query<{ n: string }>(`select auth.jwt() ->> 'n' as n`)).rows[0]?.n;
      }),
    );
    expect(await Promise.all(runs)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('runs a one-statement request in one text: settings apply, commit or rollback, errors leave the connection clean', async () => {
    const claims = JSON.stringify({ sub: USER, role: 'authenticated' });
    const who = await t.db.requestStatement<{ who: string; uid: string }>(
      { readOnly: true, settings: { role: 'authenticated', 'request.jwt.claims': claims } },
      'select current_user as who, auth.uid() as uid',
    );
    expect(who.rows).toEqual([{ who: 'authenticated', uid: USER }]);
    const kept = await t.db.requestStatement({ settings: { role: 'service_role' } }, `insert into probe values (10, 'kept')`);
    expect(kept.affectedRows).toBe(1);
    await t.db.requestStatement({ settings: { role: 'service_role' }, rollback: true }, `insert into probe values (11, 'undone')`);
    await expect(t.db.requestStatement({ readOnly: true, settings: { role: 'service_role' } }, 'insert into probe values (12)'))
      .rejects.toMatchObject({ code: '25006' });
    await expect(t.db.requestStatement({ settings: { role: 'service_role' } }, 'insert into probe values (10)'))
      .rejects.toMatchObject({ code: '23505' });
    // A builder bug that yields two statements is reported, not answered with the wrong result.
    await expect(t.db.requestStatement({ readOnly: true, settings: { role: 'service_role' } }, 'select 1; select 2'))
      .rejects.toThrow(/ran 2 statements/);
    const after = await t.db.query<{ id: number; who: string; claims: string | null }>(
      `select id, current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims from probe where id >= 10 order by id`,
    );
    expect(after.rows).toEqual([{ id: 10, who: 'postgres', claims: null }]);
    await t.db.query('delete from probe where id >= 10');
  });

  it('quotes literals that read back exactly, whatever standard_conforming_strings says', async () => {
    const values = ["it's", 'a\\b', "\\'; select 1; --", "E'x'", '$1 $$', "''\\\\''", 'ünï\u{1F600}'];
    for (const setting of ['on', 'off']) {
      const results = await t.db.transaction(async (tx) => {
        await tx.query(`set local standard_conforming_strings = ${setting}`);
        await tx.query('set local escape_string_warning = off');
        return (await tx.exec(values.map((v) => `select ${quoteLiteral(v)} as v`).join('; '))).map((r) => r.rows[0]?.v);
      });
      expect(results).toEqual(values);
    }
  });
});
