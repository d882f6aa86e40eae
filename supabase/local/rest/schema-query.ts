import type { Column } from './schema-cache.ts';

/** The catalog rows the schema cache is built from. */
export interface RawCache {
  relations: { oid: number; schema: string; name: string; kind: string; description: string | null }[] | null;
  columns: (Column & { rel: number })[] | null;
  keys: { rel: number; cols: string[]; primary: boolean }[] | null;
  fks: { name: string; rel: number; frel: number; cols: string[]; fcols: string[] }[] | null;
  /** Tables outside the exposed schemas that exposed views show key columns of (their keys and foreign keys matter). */
  base_rels: { oid: number; schema: string; name: string; kind: string }[] | null;
  /**
   * A view's columns that are plain references to a key of a table (PostgREST's
   * ViewKeyDependency): `p` its primary key, `f` a foreign key's own columns, `f_ref` the
   * columns a foreign key references; per key column, in the key's order, every view column
   * showing it.
   */
  view_keys: { view: number; rel: number; name: string; type: 'p' | 'f' | 'f_ref'; cols: [string, string[]][] }[] | null;
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

/**
 * PostgREST's `allViewsKeyDependencies` (SchemaCache.hs, as PostgREST 12 writes it): the view
 * columns that are plain references to a table's primary or foreign key columns, read from each
 * view's rewrite rule (its pg_node_tree turned into JSON: the top query's targetList, whose
 * entries name the table and column they come from), following views on views through the exposed
 * schemas and the extra search path. Only keys whose every column the view shows count.
 */
const VIEW_KEYS = String.raw`pks_fks as (
  select contype::text as contype, conname, array_length(conkey, 1) as ncol, conrelid as resorigtbl, col as resorigcol, ord
  from pg_constraint left join lateral unnest(conkey) with ordinality as _(col, ord) on true
  where contype in ('p', 'f')
  union
  select concat(contype, '_ref') as contype, conname, array_length(confkey, 1) as ncol, confrelid, col, ord
  from pg_constraint left join lateral unnest(confkey) with ordinality as _(col, ord) on true
  where contype = 'f'
),
views as (
  select c.oid as view_id, n.nspname as view_schema, c.relname as view_name, r.ev_action as view_definition
  from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_rewrite r on r.ev_class = c.oid
  where c.relkind in ('v', 'm') and n.nspname = any($1::text[] || $2::text[])
),
transform_json as (
  select view_id, view_schema, view_name,
    -- PostgREST's replacements, in its order (see its comments): node lists and the fields read
    -- are protected, every other field dropped by one regexp, the rest turned into JSON syntax.
    replace(replace(replace(replace(replace(replace(replace(regexp_replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
      view_definition::text,
      '<>', '()'),
      ',', ''),
      E'\\{', ''),
      E'\\}', ''),
      ' :targetList ', ',"targetList":'),
      ' :resno ', ',"resno":'),
      ' :resorigtbl ', ',"resorigtbl":'),
      ' :resorigcol ', ',"resorigcol":'),
      '{', '{ :'),
      '((', '{(('),
      '({', '{({'),
      ' :[^}{,]+', ',"":', 'g'),
      ',"":}', '}'),
      ',"":,', ','),
      '{(', '('),
      '{,', '{'),
      '(', '['),
      ')', ']'),
      ' ', ','
    )::json as view_definition
  from views
),
target_entries as (
  select view_id, view_schema, view_name, json_array_elements(view_definition->0->'targetList') as entry
  from transform_json
),
results as (
  select view_id, view_schema, view_name,
    (entry->>'resno')::int as view_column, (entry->>'resorigtbl')::oid as resorigtbl, (entry->>'resorigcol')::int as resorigcol
  from target_entries
),
recursion(view_id, view_schema, view_name, view_column, resorigtbl, resorigcol, is_cycle, path) as (
  select r.*, false, array[resorigtbl] from results r where view_schema = any($1::text[])
  union all
  select view.view_id, view.view_schema, view.view_name, view.view_column, tab.resorigtbl, tab.resorigcol,
    tab.resorigtbl = any(path), path || tab.resorigtbl
  from recursion view join results tab on view.resorigtbl = tab.view_id and view.resorigcol = tab.view_column
  where not is_cycle
),
repeated_references as (
  select view_id, resorigtbl, resorigcol, array_agg(attname) as view_columns
  from recursion join pg_attribute vcol on vcol.attrelid = view_id and vcol.attnum = view_column
  group by view_id, resorigtbl, resorigcol
),
view_keys as (
  select rep.view_id as view, rep.resorigtbl as rel, pks_fks.conname as name, pks_fks.contype as type,
    json_agg(json_build_array(col.attname, rep.view_columns) order by pks_fks.ord) as cols
  from repeated_references rep
  join pks_fks using (resorigtbl, resorigcol)
  join pg_attribute col on col.attrelid = rep.resorigtbl and col.attnum = rep.resorigcol
  group by rep.view_id, rep.resorigtbl, pks_fks.conname, pks_fks.contype, pks_fks.ncol
  having pks_fks.ncol = count(*)
)`;

/** No view relationships: the fallback when a view's rule cannot be read (see `SchemaCache.load`). */
const NO_VIEW_KEYS = `view_keys as (select null::oid as view, null::oid as rel, null::name as name, null::text as type, null::json as cols where false)`;

/**
 * One round trip, one JSON document: identical on PGlite and node-postgres (no array/oid parsing).
 * `$1` the exposed schemas, `$2` the extra search path.
 */
export const introspect = (viewKeys: boolean) => `
with recursive rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind::text as kind, obj_description(c.oid, 'pg_class') as description
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r','v','m','f','p') and n.nspname = any($1::text[])
),
${viewKeys ? VIEW_KEYS : NO_VIEW_KEYS},
base as (select oid from rels union select rel from view_keys)
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
    from pg_index i join base r on r.oid = i.indrelid
    where i.indisunique and i.indpred is null and i.indexprs is null
  ),
  'fks', (
    select json_agg(json_build_object('name', con.conname, 'rel', con.conrelid, 'frel', con.confrelid,
      'cols', (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'fcols', (select json_agg(a.attname order by k.o) from unnest(con.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)))
    from pg_constraint con
    where con.contype = 'f' and con.conrelid in (select oid from base) and con.confrelid in (select oid from base)
  ),
  'base_rels', (
    select json_agg(json_build_object('oid', c.oid, 'schema', n.nspname, 'name', c.relname, 'kind', c.relkind::text))
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.oid in (select oid from base) and c.oid not in (select oid from rels)
  ),
  'view_keys', (select json_agg(json_build_object('view', view, 'rel', rel, 'name', name, 'type', type, 'cols', cols)) from view_keys),
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

