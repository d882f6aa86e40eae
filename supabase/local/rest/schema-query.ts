import type { Column } from './schema-cache.ts';

/** The catalog rows the schema cache is built from. */
export interface RawCache {
  relations: { oid: number; schema: string; name: string; kind: string; description: string | null }[] | null;
  columns: (Column & { rel: number })[] | null;
  keys: { rel: number; cols: string[]; primary: boolean }[] | null;
  fks: { name: string; rel: number; frel: number; cols: string[]; fcols: string[] }[] | null;
  routines: {
    schema: string; name: string; volatility: 'v' | 's' | 'i'; returns_set: boolean; return_type: string;
    ret_typtype: string; ret_relid: number; nargdefaults: number; has_out: boolean;
    /** Columns of a composite return type (a table's, a view's or a \`create type\`'s). */
    ret_cols: string[] | null;
    /** The table or view whose row is the only required argument (a PostgREST computed field). */
    self_relid: number | null;
    /** The table or view whose row is the one and only argument (a PostgREST computed relationship). */
    row_arg_relid: number | null;
    /** At most one row: not `setof`, or `setof … rows 1` (a computed relationship then embeds as an object). */
    single_row: boolean;
    args: { name: string; type: string; mode: string }[] | null; description: string | null;
  }[] | null;
  roles: string[] | null;
  all_roles: string[] | null;
  role_settings: { role: string; key: string; value: string }[] | null;
}

/** One round trip, one JSON document: identical on PGlite and node-postgres (no array/oid parsing). */
export const INTROSPECT = `
with rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind::text as kind, obj_description(c.oid, 'pg_class') as description
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r','v','m','f','p') and n.nspname = any($1::text[])
)
select json_build_object(
  'relations', (select json_agg(json_build_object('oid', oid, 'schema', schema, 'name', name, 'kind', kind, 'description', description)) from rels),
  'columns', (
    select json_agg(json_build_object(
      'rel', a.attrelid, 'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', bt.typname,
      'typtype', t.typtype, 'nullable', not a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid),
      'identity', a.attidentity::text, 'generated', a.attgenerated::text, 'description', col_description(a.attrelid, a.attnum),
      'enum', case when bt.typtype = 'e' then (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = bt.oid) end
    ) order by a.attrelid, a.attnum)
    from pg_attribute a join rels r on r.oid = a.attrelid
    join pg_type t on t.oid = a.atttypid
    join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped
  ),
  'keys', (
    select json_agg(json_build_object('rel', i.indrelid, 'primary', i.indisprimary,
      'cols', (select json_agg(a.attname order by k.o) from unnest(i.indkey::int2[]) with ordinality k(n, o) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n)))
    from pg_index i join rels r on r.oid = i.indrelid
    where i.indisunique and i.indpred is null and i.indexprs is null
  ),
  'fks', (
    select json_agg(json_build_object('name', con.conname, 'rel', con.conrelid, 'frel', con.confrelid,
      'cols', (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'fcols', (select json_agg(a.attname order by k.o) from unnest(con.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)))
    from pg_constraint con
    where con.contype = 'f' and con.conrelid in (select oid from rels) and con.confrelid in (select oid from rels)
  ),
  'routines', (
    select json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname, 'volatility', p.provolatile::text, 'returns_set', p.proretset,
      'return_type', format_type(p.prorettype, null), 'ret_typtype', rt.typtype::text, 'ret_relid', rt.typrelid,
      'nargdefaults', p.pronargdefaults, 'has_out', coalesce('o' = any(p.proargmodes::text[]) or 't' = any(p.proargmodes::text[]), false),
      'description', obj_description(p.oid, 'pg_proc'),
      'ret_cols', case when rt.typrelid <> 0 then (select json_agg(a.attname order by a.attnum) from pg_attribute a
                    where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) end,
      'self_relid', case when p.pronargs >= 1 and p.pronargs - p.pronargdefaults <= 1 and not p.proretset
                      then (select at.typrelid from pg_type at where at.oid = p.proargtypes[0] and at.typrelid <> 0) end,
      'row_arg_relid', case when p.pronargs = 1
                         then (select at.typrelid from pg_type at where at.oid = p.proargtypes[0] and at.typrelid <> 0) end,
      'single_row', not p.proretset or p.prorows = 1,
      'args', (select json_agg(json_build_object('name', coalesce(p.proargnames[k.o], ''), 'type', format_type(k.t, null),
                 'mode', coalesce(p.proargmodes[k.o]::text, 'i')) order by k.o)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, o))))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
    where n.nspname = any($1::text[]) and p.prokind = 'f'
  ),
  'all_roles', (select json_agg(rolname) from pg_roles),
  -- Role settings (this database's over the cluster-wide ones) that a role may set itself, as
  -- PostgREST reads them: applied per request because \`set role\` does not apply them.
  'role_settings', (
    select json_agg(json_build_object('role', x.rolname, 'key', x.key, 'value', x.value))
    from (
      select distinct on (r.rolname, split_part(cfg, '=', 1))
        r.rolname, split_part(cfg, '=', 1) as key, substr(cfg, strpos(cfg, '=') + 1) as value
      from pg_db_role_setting s
      join pg_roles r on r.oid = s.setrole
      cross join lateral unnest(s.setconfig) as cfg
      where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by r.rolname, split_part(cfg, '=', 1), s.setdatabase desc
    ) x
    join pg_settings ps on ps.name = x.key and ps.context = 'user'
  ),
  'roles', (
    select json_agg(r.rolname) from pg_roles r
    where exists (select 1 from pg_roles a where a.rolname = 'authenticator' and pg_has_role(a.oid, r.oid, 'member'))
       or (not exists (select 1 from pg_roles a where a.rolname = 'authenticator') and r.rolname in ('anon', 'authenticated', 'service_role'))
  )
)::text as cache`;

