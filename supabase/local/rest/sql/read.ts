import { ApiError } from '../errors.ts';
import type { OutputFormat } from '../media.ts';
import type { AggregateFunction, Field, Filter, Level, LogicTree, OrderTerm, SelectItem } from '../parse/types.ts';
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
   * An error found only once the whole plan is built (an aggregate inside a to-many spread):
   * relationship and order errors anywhere in the request come first.
   */
  deferred?: ApiError;
  /** `[api] db_aggregates_enabled` (PostgREST's `db-aggregates-enabled`). */
  aggregates: boolean;
  /** An aggregate function was selected somewhere: PGRST123 once the plan is checked, unless allowed. */
  aggregated?: boolean;
  /**
   * Embeds as jsonb, as PostgREST 12 builds them (`row_to_json(…)::jsonb`, `json_agg(…)::jsonb`):
   * for CSV, whose fields hold their text (jsonb's, with its key order and spacing).
   */
  jsonbEmbeds?: boolean;
}

/**
 * A column a spread level adds to its parent (PostgREST's SpreadSelectField): `name` in the
 * spread row (`*` for all of them), `output` in the parent's. An aggregate in a spread is hoisted:
 * the spread gives the values and the first level up that is not a spread aggregates them
 * (PostgREST's `hoistSpreadAggFunctions`), grouped by that level's other columns.
 */
export interface SpreadColumn {
  name: string;
  output: string;
  aggregate?: AggregateFunction;
  aggregateCast?: string;
}

/**
 * How a level's output is used. `spread`: into its parent's row. `grouped`: its columns are GROUP
 * BY terms, here or, spread, in the level that aggregates them; `*` is then listed column by
 * column and embeds are jsonb (json has no equality operator), as PostgREST's `expandStars` and
 * its jsonb embeds.
 */
export interface LevelMode {
  spread: boolean;
  grouped: boolean;
}

export interface Shaped {
  cols: string;
  /** What a spread of this level adds to its parent, in order. */
  spread: SpreadColumn[];
  joins: string;
  where: string[];
  /** ` group by …` when the level aggregates and selects other columns too (PostgREST's `groupF`). */
  group: string;
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
  spread: SpreadColumn[];
  /** The GROUP BY terms of `cols` that are not aggregates, for a parent that aggregates. */
  groups: string[];
  /** A spread's joined row, for an order on its columns in a level that aggregates. */
  spreadRow?: string;
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

/** Does the level aggregate: an aggregate of its own, or one hoisted from a spread in it? */
function hasAggregates(items: SelectItem[]): boolean {
  return items.some((i) => (i.kind === 'field' && i.aggregate !== undefined) || (i.kind === 'embed' && i.spread === true && hasAggregates(i.children)));
}

/** `sum(expr)`, then the aggregate's own cast (SqlFragment.hs `pgFmtApplyAggregate`). */
function aggregateSql(fn: AggregateFunction, expr: string, cast: string | undefined): string {
  return cast === undefined ? `${fn}(${expr})` : `(${fn}(${expr}))::${castType(cast)}`;
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
 * One embedded resource: a lateral join of its rows (a foreign key's matches, the rows a junction
 * links, or a function of the parent's row) as a JSON object (to-one), a JSON array (to-many), or,
 * spread, as columns of the parent (PostgREST 12 spreads to-one relationships only). `mode` is
 * the parent's.
 */
function embed(ctx: ReadContext, parent: Relation, parentRef: string, item: EmbedItem, path: string[], mode: LevelMode): Embedded {
  const r = resolveRelationship(ctx.cache, parent, item.name, item.hint);
  const key = item.alias ?? item.name;
  // PostgREST's aliases (Plan.hs `addRels`): the embedded table as `<table>_<depth>`, its joined
  // result as `<parent>_<name or alias>_<depth>`. They show in errors (`column messages_1.sum does
  // not exist`), and one name embedded twice at a level meets itself: 42712, as there.
  const depth = path.length + 1;
  const alias = ident(`${r.target.name}_${depth}`);
  const joined = ident(`${parent.name}_${key}_${depth}`);
  const sub = levelFor(ctx, path, item.alias ? [item.alias, item.name] : [item.name]);
  const manySpread = item.spread === true && !r.toOne;
  if (manySpread && hasAggregates(item.children)) {
    ctx.deferred ??= new ApiError(400, 'PGRST127', 'Feature not implemented', `The local stack does not aggregate inside a spread of the to-many relationship '${item.name}'`);
  }
  // A to-many spread lists its columns one by one (`*` too): each becomes an array in the parent.
  const childMode: LevelMode = item.spread ? { spread: true, grouped: mode.grouped || manySpread } : { spread: false, grouped: hasAggregates(item.children) };
  const child = shape(ctx, r.target, alias, item.children, sub.level, sub.key.split('.'), childMode);
  const conds = [r.cond(alias, parentRef), ...child.where].filter((c) => c !== null);
  const rows = `select ${child.cols} from ${r.source(alias, parentRef)}${child.joins}${conds.length ? ` where ${conds.join(' and ')}` : ''}${child.group}${child.order}`;
  // An empty embed (`rel()`) is joined but adds no key to the rows.
  const output = !isEmptyEmbed(item);
  if (manySpread) return manySpreadEmbed(key, r, child.spread, joined, `${rows}${limitSql(sub.level)}`);
  if (item.spread) return spreadEmbed(key, r, child.spread, joined, rows, mode);
  // Grouped by, the body is jsonb (json has no equality operator).
  const jsonb = mode.grouped || ctx.jsonbEmbeds === true;
  const body = jsonb ? `${joined}.body::jsonb` : `${joined}.body`;
  if (r.toOne) {
    return {
      key, rel: r, cols: output ? [`${body} as ${ident(key)}`] : [], spread: output ? [{ name: key, output: key }] : [],
      groups: output ? [body] : [], present: `${joined}.body is not null`,
      join: ` left join lateral (select row_to_json("pgrst_row") as body from (${rows} limit 1) as "pgrst_row") as ${joined} on true`,
    };
  }
  const array = jsonb ? `coalesce(${body}, '[]'::jsonb)` : `coalesce(${body}, '[]'::json)`;
  return {
    key, rel: r, cols: output ? [`${array} as ${ident(key)}`] : [], spread: output ? [{ name: key, output: key }] : [],
    groups: output ? [array] : [], present: `nullif(${joined}.body::jsonb, '[]'::jsonb) is not null`,
    join: ` left join lateral (select json_agg("pgrst_row") as body from (${rows}${limitSql(sub.level)}) as "pgrst_row") as ${joined} on true`,
  };
}

/**
 * A spread: the embedded row's own output columns, under their names (`*` as all of them, as
 * PostgREST's). An aggregate hoisted from it is applied here (grouped by the other columns), or,
 * when this level is itself a spread, handed up again.
 */
function spreadEmbed(key: string, r: Relationship, columns: SpreadColumn[], joined: string, rows: string, mode: LevelMode): Embedded {
  const cols: string[] = [];
  const spread: SpreadColumn[] = [];
  const groups: string[] = [];
  for (const c of columns) {
    const col = c.name === '*' ? `${joined}.*` : `${joined}.${ident(c.name)}`;
    if (c.aggregate !== undefined && !mode.spread) {
      cols.push(`${aggregateSql(c.aggregate, col, c.aggregateCast)} as ${ident(c.output)}`);
      continue;
    }
    cols.push(col);
    spread.push(c);
    if (c.aggregate === undefined) groups.push(col);
  }
  return {
    key, rel: r, cols, spread, groups, spreadRow: joined, present: `${joined} is distinct from null`,
    join: ` left join lateral (${rows} limit 1) as ${joined} on true`,
  };
}

/**
 * A spread of a to-many relationship (PostgREST 13's `ToManySpread`): each of its columns becomes
 * a JSON array of the related rows' values, in their order, `[]` when there are none.
 */
function manySpreadEmbed(key: string, r: Relationship, columns: SpreadColumn[], joined: string, rows: string): Embedded {
  const arrays = columns.map((c) => `coalesce(json_agg("pgrst_row".${ident(c.name)}), '[]')::jsonb as ${ident(c.output)}`);
  const cols = columns.map((c) => `${joined}.${ident(c.output)}`);
  return {
    key, rel: r, cols, spread: columns.map((c) => ({ name: c.output, output: c.output })), groups: cols,
    present: `${joined}."pgrst_rows" > 0`,
    join: ` left join lateral (select ${['count(*) as "pgrst_rows"', ...arrays].join(', ')} from (${rows}) as "pgrst_row") as ${joined} on true`,
  };
}

/** `order=rel(col)`: the column of an embedded to-one row, read again for the parent's order. */
function relatedOrder(ctx: ReadContext, parent: Relation, ref: string, term: OrderTerm, toOne: Map<string, Embedded>, embeds: EmbedRefs, grouped: boolean): string {
  const relation = term.relation ?? '';
  const e = toOne.get(relation);
  // In a level that aggregates, an order on a spread's column reads the joined (grouped) column,
  // as PostgREST's related order always does; a second lookup would not be grouped.
  const column = grouped && e?.spreadRow && term.field.json.length === 0 ? e.spread.find((c) => c.output === term.field.name && c.aggregate === undefined) : undefined;
  if (e?.spreadRow && column) return `${e.spreadRow}.${ident(column.name)}`;
  const target = e?.rel;
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
 * The select list, lateral joins for embedded resources, filters, grouping and order of one level.
 * `ref` is the SQL reference of `rel` at this level (a quoted alias or table name). A level that
 * aggregates is grouped by its other selected columns and embeds (PostgREST's `groupF`): a
 * column as it is read, or, aliased, as it is output.
 */
export function shape(
  ctx: ReadContext, rel: Relation, ref: string, items: SelectItem[], level: Level, path: string[],
  mode: LevelMode = { spread: false, grouped: hasAggregates(items) },
): Shaped {
  const cols: string[] = [];
  const spread: SpreadColumn[] = [];
  const groups: string[] = [];
  const joins: string[] = [];
  const where: string[] = [];
  const embeds: EmbedRefs = new Map();
  const toOne = new Map<string, Embedded>();
  const grouping = !mode.spread && mode.grouped;

  for (const item of items) {
    if (item.kind === 'star') {
      if (!mode.grouped) {
        cols.push(`${ref}.*`);
        spread.push({ name: '*', output: '*' });
        continue;
      }
      for (const c of rel.columns) {
        cols.push(`${ref}.${ident(c.name)}`);
        spread.push({ name: c.name, output: c.name });
        groups.push(`${ref}.${ident(c.name)}`);
      }
    } else if (item.kind === 'field') {
      fieldColumn(ctx, rel, ref, item, mode, { cols, spread, groups });
    } else {
      const e = embed(ctx, rel, ref, item, path, mode);
      joins.push(e.join);
      cols.push(...e.cols);
      spread.push(...e.spread);
      groups.push(...e.groups);
      embeds.set(e.key, { present: e.present });
      if (e.rel.toOne) toOne.set(e.key, e);
      if (item.inner) where.push(e.present);
    }
  }
  const countJoins = where.length > 0 || testsEmbed(level, embeds);

  for (const f of level.filters) where.push(filterSql(ref, rel, f, ctx.params, embeds));
  for (const t of level.logic) where.push(logicSql(ref, rel, t, ctx.params, embeds));

  const orders = (level.order ?? []).map((term) =>
    orderSql(term.relation === undefined ? columnSql(ref, rel, term.field) : relatedOrder(ctx, rel, ref, term, toOne, embeds, grouping), term));

  return {
    // Nothing selected but empty embeds: rows without columns, `{}` in JSON (as PostgREST's).
    cols: cols.join(', '),
    spread,
    joins: joins.join(''),
    where,
    // Only aggregates: one row, no GROUP BY.
    group: grouping && groups.length ? ` group by ${groups.join(', ')}` : '',
    order: orders.length ? ` order by ${orders.join(', ')}` : '',
    countJoins,
  };
}

type FieldItem = Extract<SelectItem, { kind: 'field' }>;

/**
 * A selected field: a column or computed field (cast, aliased), the legacy `count`, or an
 * aggregate. Its output key is the alias, else the aggregate's name (`sum`, as Postgres names
 * `SUM(…)`), else the column or last JSON key. In a spread an aggregate is only read here, under a
 * name of its own, and applied by the level that takes it.
 */
function fieldColumn(ctx: ReadContext, rel: Relation, ref: string, item: FieldItem, mode: LevelMode,
  out: { cols: string[]; spread: SpreadColumn[]; groups: string[] }): void {
  // `count()` counts rows: `*`, or in a spread a value every joined row has.
  const legacyCount = item.aggregate === undefined && isLegacyCount(rel, item.field);
  const read = item.field.name === '*' && item.aggregate === 'count' ? (mode.spread ? 'true' : '*')
    : legacyCount ? 'count(*)' : columnSql(ref, rel, item.field);
  const expr = item.cast === undefined ? read : `(${read})::${castType(item.cast)}`;
  if (item.aggregate === undefined) {
    const name = item.alias ?? fieldKey(item.field);
    out.cols.push(`${expr} as ${ident(name)}`);
    out.spread.push({ name, output: name });
    if (!legacyCount) out.groups.push(item.alias === undefined ? read : expr);
    return;
  }
  ctx.aggregated = true;
  const output = item.alias ?? item.aggregate;
  if (mode.spread) {
    const name = `pgrst_agg_${(ctx.counter.n += 1)}`;
    out.cols.push(`${expr} as ${ident(name)}`);
    out.spread.push({ name, output, aggregate: item.aggregate, ...(item.aggregateCast === undefined ? {} : { aggregateCast: item.aggregateCast }) });
    return;
  }
  out.cols.push(`${aggregateSql(item.aggregate, expr, item.aggregateCast)} as ${ident(output)}`);
  out.spread.push({ name: output, output });
}

/**
 * The checks PostgREST makes on the finished plan: filters on resources that are not embedded
 * (PGRST108), what the plan cannot build (an aggregate in a to-many spread), then aggregates when they are not
 * allowed (PGRST123; also those in a spread, which PostgREST 12 let through and 13 refuses).
 */
export function checkPlan(ctx: ReadContext): void {
  for (const key of ctx.levels.keys()) {
    if (key === '' || ctx.used.has(key)) continue;
    const name = key.split('.').pop() ?? key;
    throw new ApiError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null,
      `Verify that '${name}' is included in the 'select' query parameter.`);
  }
  if (ctx.deferred) throw ctx.deferred;
  if (ctx.aggregated && !ctx.aggregates) throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

export interface Envelope {
  count: boolean;
  singular: boolean;
  stripNulls: boolean;
  withBody: boolean;
  /** More output columns, evaluated once all rows are read (`… as "name"`). */
  extra?: string;
  /** The body's media type (PostgREST's built-in handlers); JSON by default. */
  format?: OutputFormat;
  /** The statement's "pgrst_source" CTE: a mutation or a function call the rows are read from. */
  source?: string;
  /**
   * CSV: a query whose first row's keys are the header line. PostgREST reads them off
   * "pgrst_source" (`asCsvF`): a read's rows, but a write's RETURNING columns and a call's
   * returned ones, which are not always the selected ones.
   */
  csvHeader?: string;
}

/**
 * PostgREST's CSV (SqlFragment.hs `asCsvF`): the header line, the keys of the first source row
 * joined by commas as they are (an empty result has none), then each row as Postgres writes a
 * record without its parentheses: values quoted when they hold a comma, quote, parenthesis,
 * backslash or space (quotes and backslashes doubled), NULL empty, `""` an empty string.
 */
function csvBody(header: string): string {
  const row = `"pgrst_r"::text`;
  return `(select coalesce(string_agg("pgrst_k"."k", ','), '') from (select json_object_keys(row_to_json("pgrst_h")) as "k" from (${header} limit 1) as "pgrst_h") as "pgrst_k")`
    + ` || chr(10) || coalesce(string_agg(substring(${row}, 2, length(${row}) - 2), chr(10)), '')`;
}

/** The body of one format, aggregated over the rows ("pgrst_r"). */
function bodySql(env: Envelope): string {
  if (env.format === 'csv') return csvBody(env.csvHeader ?? `select * from "pgrst_source"`);
  // PostgREST's `asGeoJsonF`: PostGIS's ST_AsGeoJSON of each row. Without PostGIS the statement
  // fails as it does there (42883, function st_asgeojson(record) does not exist: 404).
  if (env.format === 'geojson') return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON("pgrst_r")::json), '[]'))::text`;
  let agg = env.singular ? `(json_agg("pgrst_r")->0)` : `coalesce(json_agg("pgrst_r"), '[]'::json)`;
  if (env.stripNulls) agg = `json_strip_nulls(${agg})`;
  return `${agg}::text`;
}

/**
 * Wraps a rows query: total (for count=exact), rows on the page, and the body as text. A CSV read
 * is its own "pgrst_source", as PostgREST's read statement is, so the header reads the rows again
 * from the CTE instead of running the query twice.
 */
export function envelope(rowsSql: string, countSql: string | null, env: Envelope): string {
  let source = env.source;
  let from = `(${rowsSql})`;
  if (env.format === 'csv' && source === undefined) {
    source = rowsSql;
    from = `"pgrst_source"`;
  }
  const body = env.withBody ? bodySql(env) : 'null::text';
  const total = env.count && countSql ? `(${countSql})` : 'null::bigint';
  const cte = source === undefined ? '' : `with "pgrst_source" as (${source}) `;
  return `${cte}select ${total} as total, count(*) as page_total, ${body} as body${env.extra ? `, ${env.extra}` : ''} from ${from} as "pgrst_r"`;
}

export { limitSql };
