import { ApiError, UnknownColumn } from '../errors.ts';
import { hasField, type Relation } from '../schema-cache.ts';
import { FTS_OPERATORS, SIMPLE_OPERATORS, type Field, type Filter, type LogicTree, type OrderTerm } from '../parse/types.ts';
import { ident, literal, type Params } from './ident.ts';

/** `ref."col"->'a'->>0` for a field with a JSON path. */
export function fieldSql(ref: string, f: Field): string {
  let sql = `${ref}.${ident(f.name)}`;
  for (const op of f.json) sql += `${op.arrow}${op.index ? String(Number(op.key)) : literal(op.key)}`;
  return sql;
}

/** `fieldSql` for a name of `rel` only: a column or computed field, never another function of its row. */
export function columnSql(ref: string, rel: Relation, f: Field): string {
  // Named as Postgres would name it: by the reference the query uses (an embed's `messages_1`).
  const quoted = /^"((?:[^"]|"")*)"$/.exec(ref);
  if (!hasField(rel, f.name)) throw new UnknownColumn(quoted ? (quoted[1] ?? '').replaceAll('""', '"') : rel.name, f.name);
  return fieldSql(ref, f);
}

/** The JSON key PostgREST gives a selected field: the last JSON key, else the column name. */
export function fieldKey(f: Field): string {
  const last = f.json[f.json.length - 1];
  return last && !last.index ? last.key : f.name;
}

/** A Postgres array literal for `in.(…)`: every element quoted and escaped. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * Embedded resources of a level, by alias or name: a filter `rel=is.null` tests the embed itself.
 * `present` is true when the embed has a row (to-many: at least one).
 */
export type EmbedRefs = Map<string, { present: string }>;

export function filterSql(ref: string, rel: Relation, filter: Filter, params: Params, embeds?: EmbedRefs): string {
  const { field, expr } = filter;
  const embed = field.json.length === 0 ? embeds?.get(field.name) : undefined;
  if (embed) {
    const op = expr.operation;
    if (op.kind !== 'is' || (op.value !== 'null' && op.value !== 'not_null')) {
      throw new ApiError(400, 'PGRST120', `Bad operator on the '${field.name}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources');
    }
    // `is.null` holds when the embed has no row; `not.is.null` when it has one.
    return (op.value === 'null') === expr.negate ? embed.present : `not (${embed.present})`;
  }
  const col = columnSql(ref, rel, field);
  const op = expr.operation;
  let sql: string;
  switch (op.kind) {
    case 'op': {
      // PostgREST turns every `*` of a like/ilike value into `%`, in an array literal too.
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replaceAll('*', '%') : op.value;
      const operand = op.quant ? `${op.quant}(${params.add(value)})` : params.add(value);
      sql = `${col} ${SIMPLE_OPERATORS[op.op]} ${operand}`;
      break;
    }
    case 'in':
      sql = `${col} = any(${params.add(arrayLiteral(op.values))})`;
      break;
    case 'is':
      sql = `${col} is ${op.value === 'not_null' ? 'not null' : op.value}`;
      break;
    case 'fts': {
      const lang = op.lang === undefined ? '' : `${params.add(op.lang)}::regconfig, `;
      sql = `${col} @@ ${FTS_OPERATORS[op.op]}(${lang}${params.add(op.value)})`;
      break;
    }
  }
  return expr.negate ? `not (${sql})` : sql;
}

export function logicSql(ref: string, rel: Relation, tree: LogicTree, params: Params, embeds?: EmbedRefs): string {
  if (tree.kind === 'filter') return filterSql(ref, rel, tree.filter, params, embeds);
  const parts = tree.children.map((c) => logicSql(ref, rel, c, params, embeds));
  const sql = `(${parts.join(` ${tree.op} `)})`;
  return tree.negate ? `not ${sql}` : sql;
}

export function orderSql(expr: string, term: OrderTerm): string {
  return `${expr}${term.dir ? ` ${term.dir}` : ''}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
}
