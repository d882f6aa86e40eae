import { ApiError } from '../errors.ts';
import type { Field, Filter, Level, LogicTree, OrderTerm, SelectItem } from '../parse/types.ts';
import { hasField, type Relation, type SchemaCache } from '../schema-cache.ts';
import { resolveRelationship, type Relationship } from './embed.ts';
import { columnSql, fieldKey, filterSql, logicSql, orderSql, type EmbedRefs } from './filters.ts';
import { castType, ident, type Params } from './ident.ts';

export interface ReadContext {
  cache: SchemaCache;
  params: Params;
  levels: Map<string, Level>;
  /** Level keys consumed so far; the rest name resources that are not embedded (PGRST108). */
  used: Set<string>;
  counter: { n: number };
  /**
   * An error PostgREST finds only once the whole plan is built (a spread of a to-many
   * relationship, PGRST119): relationship and order errors anywhere in the request come first.
   */
  deferred?: ApiError;
}

export interface Shaped {
  cols: string;
  /** The output names of `cols` in order, `*` for a whole row: what a spread of this level adds to its parent. */
  names: string[];
  joins: string;
  where: string[];
  order: string;
  /** A filter of this level tests an embed (`!inner`, `rel=is.null`): counting the rows needs the joins. */
  countJoins: boolean;
}

type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

interface Embedded {
  key: string;
  rel: Relationship;
  join: string;
  cols: string[];
  names: string[];
  /** True when the embed has a row (`!inner` and `rel=not.is.null` keep such parents). */
  present: string;
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
function isEmptyEmbed(item: EmbedItem): boolean {
  return item.children.every((c) => c.kind === 'embed' && isEmptyEmbed(c));
}

/** Does a filter of the level test an embedded resource itself (`rel=is.null`, also in or/and)? */
function testsEmbed(level: Level, embeds: EmbedRefs): boolean {
  const isTest = (f: Filter) => f.field.json.length === 0 && embeds.has(f.field.name);
  const inTree = (t: LogicTree): boolean => (t.kind === 'filter' ? isTest(t.filter) : t.children.some(inTree));
  return level.filters.some(isTest) || level.logic.some(inTree);
}

/**
 * One embedded resource: a lateral join of its rows (a foreign key's matches, or a function of
 * the parent's row) as a JSON object (to-one), a JSON array (to-many), or, spread, as columns of
 * the parent (PostgREST 12 spreads to-one relationships only).
 */
function embed(ctx: ReadContext, parent: Relation, parentRef: string, item: EmbedItem, path: string[]): Embedded {
  const r = resolveRelationship(ctx.cache, parent, item.name, item.hint);
  if (item.spread && !r.toOne) {
    ctx.deferred ??= new ApiError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`,
      `'${parent.name}' and '${item.name}' do not form a many-to-one or one-to-one relationship`);
  }
  const n = (ctx.counter.n += 1);
  const alias = ident(`pgrst_${n}`);
  const joined = ident(`pgrst_${n}_j`);
  const key = item.alias ?? item.name;
  const sub = levelFor(ctx, path, item.alias ? [item.alias, item.name] : [item.name]);
  const child = shape(ctx, r.target, alias, item.children, sub.level, sub.key.split('.'));
  const conds = [r.cond(alias, parentRef), ...child.where].filter((c) => c !== null);
  const rows = `select ${child.cols} from ${r.source(alias, parentRef)}${child.joins}${conds.length ? ` where ${conds.join(' and ')}` : ''}${child.order}`;
  // An empty embed (`rel()`) is joined but adds no key to the rows.
  const output = !isEmptyEmbed(item);
  if (item.spread) {
    // The embedded row's own output columns, under their names, `*` as all of them (as PostgREST's).
    const cols = child.names.map((name) => (name === '*' ? `${joined}.*` : `${joined}.${ident(name)}`));
    return {
      key, rel: r, cols, names: child.names, present: `${joined} is distinct from null`,
      join: ` left join lateral (${rows} limit 1) as ${joined} on true`,
    };
  }
  if (r.toOne) {
    return {
      key, rel: r, cols: output ? [`${joined}.body as ${ident(key)}`] : [], names: output ? [key] : [], present: `${joined}.body is not null`,
      join: ` left join lateral (select row_to_json("pgrst_row") as body from (${rows} limit 1) as "pgrst_row") as ${joined} on true`,
    };
  }
  return {
    key, rel: r, cols: output ? [`coalesce(${joined}.body, '[]'::json) as ${ident(key)}`] : [], names: output ? [key] : [],
    present: `nullif(${joined}.body::jsonb, '[]'::jsonb) is not null`,
    join: ` left join lateral (select json_agg("pgrst_row") as body from (${rows}${limitSql(sub.level)}) as "pgrst_row") as ${joined} on true`,
  };
}

/** `order=rel(col)`: the column of an embedded to-one row, read again for the parent's order. */
function relatedOrder(ctx: ReadContext, parent: Relation, ref: string, term: OrderTerm, toOne: Map<string, Relationship>, embeds: EmbedRefs): string {
  const relation = term.relation ?? '';
  const target = toOne.get(relation);
  if (!target) {
    if (embeds.has(relation)) {
      throw new ApiError(400, 'PGRST118', `A related order on '${relation}' is not possible`,
        `'${parent.name}' and '${relation}' do not form a many-to-one or one-to-one relationship`);
    }
    throw new ApiError(400, 'PGRST108', `'${relation}' is not an embedded resource in this request`, null,
      `Verify that '${relation}' is included in the 'select' query parameter.`);
  }
  const o = ident(`pgrst_${(ctx.counter.n += 1)}`);
  const cond = target.cond(o, ref);
  return `(select ${columnSql(o, target.target, term.field)} from ${target.source(o, ref)}${cond === null ? '' : ` where ${cond}`} limit 1)`;
}

/**
 * The select list, lateral joins for embedded resources, filters and order of one level.
 * `ref` is the SQL reference of `rel` at this level (a quoted alias or table name).
 */
export function shape(ctx: ReadContext, rel: Relation, ref: string, items: SelectItem[], level: Level, path: string[]): Shaped {
  const cols: string[] = [];
  const names: string[] = [];
  const joins: string[] = [];
  const where: string[] = [];
  const embeds: EmbedRefs = new Map();
  const toOne = new Map<string, Relationship>();

  for (const item of items) {
    if (item.kind === 'star') {
      cols.push(`${ref}.*`);
      names.push('*');
    } else if (item.kind === 'field') {
      let expr = isLegacyCount(rel, item.field) ? 'count(*)' : columnSql(ref, rel, item.field);
      if (item.cast !== undefined) expr = `(${expr})::${castType(item.cast)}`;
      const name = item.alias ?? fieldKey(item.field);
      cols.push(`${expr} as ${ident(name)}`);
      names.push(name);
    } else {
      const e = embed(ctx, rel, ref, item, path);
      joins.push(e.join);
      cols.push(...e.cols);
      names.push(...e.names);
      embeds.set(e.key, { present: e.present });
      if (e.rel.toOne) toOne.set(e.key, e.rel);
      if (item.inner) where.push(e.present);
    }
  }
  const countJoins = where.length > 0 || testsEmbed(level, embeds);

  for (const f of level.filters) where.push(filterSql(ref, rel, f, ctx.params, embeds));
  for (const t of level.logic) where.push(logicSql(ref, rel, t, ctx.params, embeds));

  const orders = (level.order ?? []).map((term) =>
    orderSql(term.relation === undefined ? columnSql(ref, rel, term.field) : relatedOrder(ctx, rel, ref, term, toOne, embeds), term));

  return {
    // Nothing selected but empty embeds: rows without columns, `{}` in JSON (as PostgREST's).
    cols: cols.join(', '),
    names,
    joins: joins.join(''),
    where,
    order: orders.length ? ` order by ${orders.join(', ')}` : '',
    countJoins,
  };
}

/**
 * The checks PostgREST makes on the finished plan: filters on resources that are not embedded
 * (PGRST108), then spreads of to-many relationships (PGRST119).
 */
export function checkPlan(ctx: ReadContext): void {
  for (const key of ctx.levels.keys()) {
    if (key === '' || ctx.used.has(key)) continue;
    const name = key.split('.').pop() ?? key;
    throw new ApiError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null,
      `Verify that '${name}' is included in the 'select' query parameter.`);
  }
  if (ctx.deferred) throw ctx.deferred;
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
