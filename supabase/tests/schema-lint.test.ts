/**
 * Fails the build on security mistakes in the schema, whatever migration introduced them:
 * a public table without RLS or without policies, a `for all` policy or two permissive policies
 * for one role and operation, a bare auth.uid()/role helper in a policy (evaluated per row),
 * a security definer function without a fixed search_path, an EXECUTE grant to anon/authenticated
 * outside the allow-list (Supabase grants new public functions to both by default), a foreign key
 * without an index, a replicated table that breaks the RxDB contract, or a table whose server-set
 * columns (timestamps, owner) or public inserts are not guarded by the shared triggers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { OWNER_COLUMNS, SERVER_TIMESTAMPS } from './support/server-columns.suite.ts';

// products' check constraints call these (immutable, no data access) as the writing role.
const CATALOGUE_SHAPE_CHECKS = ['private.valid_product_images', 'private.valid_text_list', 'private.is_text', 'private.valid_specifications',
  'private.valid_installation', 'private.valid_warranty', 'private.valid_variants'];
// The local Realtime server calls this as the connected user (their own profile name only) for
// presence on staff channels (migration 20261129000600).
const REALTIME_HOOKS = ['private.realtime_presence_identity'];
// devices' time zone check (20261201000160) calls this as the writing role.
const DEVICE_CHECKS = ['private.is_time_zone'];
// cart_items' key check (20261202000100) calls this as the writing role.
const CART_CHECKS = ['private.cart_item_id'];

/** Functions the API roles may execute. Everything else in public/private must be revoked. */
const EXECUTE_ALLOWED: Record<'anon' | 'authenticated', string[]> = {
  anon: [
    'public.kb_record_view', 'public.subscribe_newsletter',
    // role helpers: called by RLS policies and guard triggers as the caller
    'private.current_user_role', 'private.is_staff', 'private.is_admin', 'private.admin_aal_satisfied', 'private.is_api_caller',
    ...CATALOGUE_SHAPE_CHECKS, ...REALTIME_HOOKS,
  ],
  authenticated: [
    'public.place_order', 'public.redeem_access_code', 'public.kb_record_view', 'public.kb_vote_helpful',
    'public.subscribe_newsletter', 'public.log_access_event', 'public.mission_control', 'public.financial_summary', 'public.support_stats', 'public.search_access_logs',
    'public.ticket_customer_summary', 'private.current_user_role', 'private.is_staff', 'private.is_admin', 'private.admin_aal_satisfied', 'private.is_api_caller',
    'private.log_as_caller', 'public.add_product', ...CATALOGUE_SHAPE_CHECKS, ...REALTIME_HOOKS,
    // door control (20261201000110, 130, 140): the owner pairs and commands; the unit's own calls; the
    // door_commands read policy calls current_unit_device as the caller. require_unit_device is
    // called only inside the security definer unit_* functions, so the API role needs no grant.
    'public.pair_unit', 'public.unpair_unit', 'public.command_door', 'public.unit_heartbeat', 'public.unit_ack_command', 'public.unit_report_door', 'public.unit_redeem_code',
    'private.current_unit_device', ...DEVICE_CHECKS, ...CART_CHECKS,
  ],
};

const REPLICATED = ['devices', 'access_permissions', 'orders', 'notifications', 'support_tickets', 'support_messages', 'kb_articles',
  'support_categories', 'cart_items', 'device_events'];

const MIGRATIONS = join(import.meta.dirname, '..', 'migrations');

it('policy names fit in 63 bytes (Postgres silently truncates longer names)', () => {
  const long: string[] = [];
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'))) {
    for (const m of readFileSync(join(MIGRATIONS, file), 'utf8').matchAll(/create policy "([^"]+)"/gi)) {
      if (Buffer.byteLength(m[1]!) > 63) long.push(`${file}: ${m[1]}`);
    }
  }
  expect(long).toEqual([]);
});

describeEngines('schema lint', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine });
  });
  afterAll(() => t?.close());

  const rows = async <R>(sql: string, params: unknown[] = []) => (await t.db.query<R>(sql, params)).rows;
  const tables = () =>
    rows<{ name: string; rls: boolean }>(`select c.relname as name, c.relrowsecurity as rls from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);

  it('every table in public has row level security enabled and at least one policy', async () => {
    const all = await tables();
    expect(all.length).toBeGreaterThanOrEqual(16);
    expect(all.filter((r) => !r.rls).map((r) => r.name)).toEqual([]);
    const withPolicy = new Set((await rows<{ t: string }>("select distinct tablename as t from pg_policies where schemaname = 'public'")).map((r) => r.t));
    expect(all.map((r) => r.name).filter((n) => !withPolicy.has(n))).toEqual([]);
  });

  it("every replicated table's key says nothing: a random UUID, or cart_items' name-based UUID (Realtime sends a deleted row's key to every subscriber)", async () => {
    const keys = await rows<{ t: string; type: string }>(`select c.relname as t, format_type(a.atttypid, a.atttypmod) as type
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where i.indisprimary and n.nspname = 'public' and c.relname = any($1) order by 1`, [REPLICATED]);
    expect(keys.map((k) => k.t).sort()).toEqual([...REPLICATED].sort());
    expect(keys.filter((k) => k.type !== 'uuid').map((k) => `${k.t}: ${k.type}`)).toEqual(['cart_items: text']);
    const cartKey = await rows<{ def: string }>(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'cart_items_id_is_line_uuid'`);
    expect(cartKey.map((c) => c.def)).toEqual([expect.stringContaining('private.cart_item_id(user_id, line_id)')]);
  });

  it('policies are per operation, one permissive policy per table, role and operation', async () => {
    const policies = await rows<{ tablename: string; policyname: string; cmd: string; roles: string[] | string; permissive: string }>(
      "select tablename, policyname, cmd, roles, permissive from pg_policies where schemaname = 'public'");
    expect(policies.filter((p) => p.cmd === 'ALL').map((p) => p.policyname)).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const p of policies.filter((x) => x.permissive === 'PERMISSIVE')) {
      const roles = Array.isArray(p.roles) ? p.roles : String(p.roles).replace(/[{}]/g, '').split(',');
      for (const role of roles) {
        const key = `${p.tablename}/${p.cmd}/${role}`;
        if (seen.has(key)) duplicates.push(`${key}: "${seen.get(key)}" and "${p.policyname}"`);
        seen.set(key, p.policyname);
      }
      expect(roles, `${p.policyname} must name its roles`).not.toContain('public');
    }
    expect(duplicates).toEqual([]);
  });

  it('policies call auth.uid() and the role helpers through (select ...) so they run once per statement', async () => {
    const policies = await rows<{ policyname: string; expr: string }>(
      "select policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr from pg_policies where schemaname = 'public'");
    const bare = policies.filter((p) =>
      /(?<!SELECT )(auth\.uid\(\)|auth\.jwt\(\)|private\.(is_staff|is_admin|admin_aal_satisfied|current_user_role)\(\))/.test(p.expr));
    expect(bare.map((p) => `${p.policyname}: ${p.expr}`)).toEqual([]);
  });

  it('every security definer function in public and private pins its search_path', async () => {
    const loose = await rows<{ fn: string }>(`select n.nspname || '.' || p.proname as fn from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prosecdef
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(loose.map((r) => r.fn)).toEqual([]);
  });

  for (const role of ['anon', 'authenticated'] as const) {
    it(`${role} can execute exactly the allow-listed functions`, async () => {
      const callable = await rows<{ fn: string }>(`select distinct n.nspname || '.' || p.proname as fn from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and has_function_privilege($1, p.oid, 'execute')
        order by 1`, [role]);
      expect(callable.map((r) => r.fn)).toEqual([...EXECUTE_ALLOWED[role]].sort());
    });
  }

  it('every foreign key in public is backed by an index starting with its columns', async () => {
    const missing = await rows<{ fk: string }>(`select c.conrelid::regclass::text || '.' || c.conname as fk
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)`);
    expect(missing.map((r) => r.fk)).toEqual([]);
  });

  /** Each table's columns and its triggers' definitions, for the guard checks. */
  const guarded = async () => {
    const all = await rows<{ t: string; cols: string[] | string; defs: string[] | string | null }>(`select c.relname as t,
        array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as cols,
        array(select pg_get_triggerdef(g.oid) from pg_trigger g where g.tgrelid = c.oid and not g.tgisinternal order by g.tgname::bytea) as defs
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const list = (v: string[] | string | null) => (Array.isArray(v) ? v : String(v ?? '{}').replace(/^{|}$/g, '').split(',').filter(Boolean));
    return all.map((r) => ({ table: r.t, cols: list(r.cols), defs: Array.isArray(r.defs) ? r.defs : (r.defs ? list(r.defs) : []) }));
  };
  const beforeRow = (def: string) => /BEFORE [A-Z ]*ON \S+ FOR EACH ROW/.test(def);

  it('every table with server-set timestamps or an owner column runs the guards first, for API callers', async () => {
    const problems: string[] = [];
    for (const { table, cols, defs } of await guarded()) {
      const guards: string[] = [];
      if (cols.some((c) => SERVER_TIMESTAMPS.includes(c))) guards.push('private.set_server_timestamps()');
      const owner = cols.find((c) => OWNER_COLUMNS.includes(c));
      if (owner) guards.push(`private.guard_owner_column('${owner}')`);
      for (const guard of guards) {
        const def = defs.find((d) => d.endsWith(`EXECUTE FUNCTION ${guard}`));
        if (!def || !/BEFORE INSERT OR UPDATE ON \S+ FOR EACH ROW WHEN \(private\.is_api_caller\(\)\)/.test(def)) problems.push(`${table}: ${guard}`);
      }
      // Same-event triggers fire in name order: the guards come before every other before-row trigger.
      const order = defs.filter(beforeRow).map((d) => guards.some((g) => d.endsWith(g)));
      if (order.indexOf(false) !== -1 && order.lastIndexOf(true) > order.indexOf(false)) problems.push(`${table}: guards do not fire first`);
    }
    expect(problems).toEqual([]);
  });

  it('every table anon may insert into limits API inserts to one row per request', async () => {
    const open = new Set((await rows<{ t: string }>(`select distinct tablename as t from pg_policies
      where schemaname = 'public' and cmd in ('INSERT', 'ALL') and ('anon' = any(roles) or 'public' = any(roles))`)).map((r) => r.t));
    expect(open.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const { table, defs } of (await guarded()).filter((g) => open.has(g.table))) {
      const after = defs.filter((d) => /AFTER INSERT[A-Z ]* ON \S+ .*FOR EACH ROW/.test(d));
      if (!after[0]?.endsWith("EXECUTE FUNCTION private.limit_api_insert_rows('1')")) problems.push(table);
    }
    expect(problems).toEqual([]);
  });

  it('replicated tables follow the RxDB contract (_deleted, _modified trigger, (_modified, id) index)', async () => {
    const stamped = await rows<{ t: string }>(`select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and exists (
        select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '_modified' and not a.attisdropped) order by 1`);
    expect(stamped.map((r) => r.t), 'tables with _modified').toEqual([...REPLICATED].sort());
    for (const table of REPLICATED) {
      const cols = await rows<{ c: string; type: string; notnull: boolean }>(`select a.attname as c, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull
        from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`, [`public.${table}`]);
      const col = (n: string) => cols.find((c) => c.c === n);
      // cart_items derives its text id from the owner and the line (two devices' same line collide).
      expect(col('id')?.type, table).toBe(table === 'cart_items' ? 'text' : 'uuid');
      expect(col('_deleted'), table).toMatchObject({ type: 'boolean', notnull: true });
      expect(col('_modified'), table).toMatchObject({ type: 'timestamp with time zone', notnull: true });
      const trig = await rows(`select 1 from pg_trigger where tgrelid = $1::regclass and tgfoid = 'private.set_modified'::regproc`, [`public.${table}`]);
      expect(trig, `${table} set_modified trigger`).toHaveLength(1);
      // Stamps in commit order: the replication lock is taken before the statement locks any row.
      const lock = await rows<{ def: string }>(`select pg_get_triggerdef(oid) as def from pg_trigger
        where tgrelid = $1::regclass and tgfoid = 'private.lock_replication_order'::regproc`, [`public.${table}`]);
      expect(lock.map((l) => l.def).some((d) => /BEFORE INSERT OR UPDATE ON \S+ FOR EACH STATEMENT/.test(d)), `${table} lock_replication_order trigger`).toBe(true);
      const idx = await rows<{ def: string }>(`select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = $1::regclass`, [`public.${table}`]);
      expect(idx.map((i) => i.def).some((d) => d.includes('(_modified, id)')), `${table} (_modified, id) index`).toBe(true);
    }
  });
});
