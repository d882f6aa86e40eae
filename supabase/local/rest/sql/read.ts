import { ApiError } from '../errors.ts';
import type { Field, Level, SelectItem } from '../parse/types.ts';
import { hasField, type Relation, type SchemaCache } from '../schema-cache.ts';
import { resolveRelationship } from './embed.ts';
import { columnSql, fieldKey, filterSql, logicSql, orderSql, type EmbedRefs } from './filters.ts';
import { castType, ident, qualified, type Params } from './ident.ts';

export interface ReadContext {
  cache: SchemaCache;
  params: Params;
  levels: Map<string, Level>;
  /** Level keys consumed so far; the rest name resources that are not embedded (PGRST108). */
  used: Set<string>;
  counter: { n: number };
}

export interface Shaped {
  cols: string;
  joins: string;
  where: string[];
  order: string;
}

function limitSql(level: { limit?: number; offset?: number }): string {
  return `${level.limit === undefined ? '' : ` limit ${level.limit}`}${level.offset ? ` offset ${level.offset}` : ''}`;
}

function levelFor(ctx: ReadContext, path: string[], names: string[]): { level: Level; key: string } {
  for (const name of names) {
    const key = [...path, name].join('.');
    const level = ctx.levels.get(key);
    if (level) {
      ctx.used.add(key);
      return { level, key };
    }
  }
  return { level: { filters: [], logic: [] }, key: [...path, names[0]].join('.') };
}

/**
 * PostgREST's legacy count: a selected `count` that is not a column (`select=count`, or
 * `messages(count)` in an embed) is the number of rows, `[{"count": n}]`. PostgREST gets it from
 * Postgres's functional notation (`"messages"."count"` is `count("messages")`); here it is written
 * as `count(*)` so no other name can call a function of the row.
 */
function isLegacyCount(rel: Relation, f: Field): boolean {
  return f.name === 'count' && f.json.length === 0 && !hasField(rel, 'count');
}

/**
 * PostgREST's `rsEmptyEmbed` (Plan.hs): an embed that selects no field of its own and embeds only
 * empty embeds, `rel()` or `a(b(c()))`: it filters (through `!inner` or `rel=not.is.null`) but
 * is not part of the output.
 */
function isEmptyEmbed(item: Extract<SelectItem, { kind: 'embed' }>): boolean {
  return item.children.every((c) => c.kind === 'embed' && isEmptyEmbed(c));
}

/**
 * The select list, lateral joins for embedded resources, filters and order of one level.
 * `ref` is the SQL reference of `rel` at this level (a quoted alias or table name).
 */
export function shape(ctx: ReadContext, rel: Relation, ref: string, items: SelectItem[], level: Level, path: string[]): Shaped {
  const cols: string[] = [];
  const joins: string[] = [];
  const where: string[] = [];
  const embeds: EmbedRefs = new Map();
  const toOneTargets = new Map<string, { target: Relation; cond: (t: string, p: string) => string }>();

  for (const item of items) {
    if (item.kind === 'star') {
      cols.push(`${ref}.*`);
    } else if (item.kind === 'field') {
      let expr = isLegacyCount(rel, item.field) ? 'count(*)' : columnSql(ref, rel, item.field);
      if (item.cast !== undefined) expr = `(${expr})::${castType(item.cast)}`;
      cols.push(`${expr} as ${ident(item.alias ?? fieldKey(item.field))}`);
    } else {
      const r = resolveRelationship(ctx.cache, rel, item.name, item.hint);
      const n = (ctx.counter.n += 1);
      const alias = ident(`pgrst_${n}`);
      const joined = ident(`pgrst_${n}_j`);
      const key = item.alias ?? item.name;
      const sub = levelFor(ctx, path, item.alias ? [item.alias, item.name] : [item.name]);
      const child = shape(ctx, r.target, alias, item.children, sub.level, sub.key.split('.'));
      const childWhere = [r.cond(alias, ref), ...child.where].join(' and ');
      const rows = `select ${child.cols} from ${qualified(r.target.schema, r.target.name)} as ${alias}${child.joins} where ${childWhere}${child.order}`;
      // An empty embed (`rel()`) is joined but adds no key to the rows.
      const output = !isEmptyEmbed(item);
      if (r.toOne) {
        joins.push(` left join lateral (select row_to_json("pgrst_row") as body from (${rows} limit 1) as "pgrst_row") as ${joined} on true`);
        if (output) cols.push(`${joined}.body as ${ident(key)}`);
        toOneTargets.set(key, { target: r.target, cond: r.cond });
      } else {
        joins.push(` left join lateral (select json_agg("pgrst_row") as body from (${rows}${limitSql(sub.level)}) as "pgrst_row") as ${joined} on true`);
        if (output) cols.push(`coalesce(${joined}.body, '[]'::json) as ${ident(key)}`);
      }
      embeds.set(key, { body: `${joined}.body`, toOne: r.toOne });
      if (item.inner) where.push(`${joined}.body is not null`);
    }
  }

  for (const f of level.filters) where.push(filterSql(ref, rel, f, ctx.params, embeds));
  for (const t of level.logic) where.push(logicSql(ref, rel, t, ctx.params, embeds));

  const orders: string[] = [];
  for (const term of level.order ?? []) {
    if (term.relation === undefined) {
      orders.push(orderSql(columnSql(ref, rel, term.field), term));
      continue;
    }
    const target = toOneTargets.get(term.relation);
    if (!target) {
      if (embeds.has(term.relation)) {
        throw new ApiError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`,
          `'${rel.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`);
      }
      throw new ApiError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`, null,
        `Verify that '${term.relation}' is included in the 'select' query parameter.`);
    }
    const o = ident(`pgrst_${(ctx.counter.n += 1)}`);
    const expr = `(select ${columnSql(o, target.target, term.field)} from ${qualified(target.target.schema, target.target.name)} as ${o} where ${target.cond(o, ref)} limit 1)`;
    orders.push(orderSql(expr, term));
  }

  return {
    // Nothing selected but empty embeds: rows without columns, `{}` in JSON (as PostgREST's).
    cols: cols.join(', '),
    joins: joins.join(''),
    where,
    order: orders.length ? ` order by ${orders.join(', ')}` : '',
  };
}

export function checkUnusedLevels(ctx: ReadContext): void {
  for (const key of ctx.levels.keys()) {
    if (key === '' || ctx.used.has(key)) continue;
    const name = key.split('.').pop() ?? key;
    throw new ApiError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null,
      `Verify that '${name}' is included in the 'select' query parameter.`);
  }
}

export interface Envelope {
  count: boolean;
  singular: boolean;
  stripNulls: boolean;
  withBody: boolean;
  /** More output columns, evaluated once all rows are read (`… as "name"`). */
  extra?: string;
}

/** Wraps a rows query: total (for count=exact), rows on the page, and the JSON body as text. */
export function envelope(rowsSql: string, countSql: string | null, env: Envelope): string {
  let agg = env.singular ? `(json_agg("pgrst_r")->0)` : `coalesce(json_agg("pgrst_r"), '[]'::json)`;
  if (env.stripNulls) agg = `json_strip_nulls(${agg})`;
  const body = env.withBody ? `${agg}::text` : 'null::text';
  const total = env.count && countSql ? `(${countSql})` : 'null::bigint';
  return `select ${total} as total, count(*) as page_total, ${body} as body${env.extra ? `, ${env.extra}` : ''} from (${rowsSql}) as "pgrst_r"`;
}

export { limitSql };
