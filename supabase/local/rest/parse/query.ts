import { Cursor, ParseFailure } from './cursor.ts';
import { parseFilterValue, parseLogic } from './filter.ts';
import { jsonPath, parseColumns, parseOrder, parseSelect } from './select.ts';
import { FTS_OPERATORS, QUANT_OPERATORS, SIMPLE_OPERATORS, type Field, type Level, type QueryParams } from './types.ts';
import { ApiError, parseError } from '../errors.ts';

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);
/** Consumed by the gateway (Supabase's Kong strips it), never a filter. */
const GATEWAY = new Set(['apikey']);

/** Does a value start like a filter (PostgREST's `hasOperator`/`hasFtsOperator`)? */
function hasOperator(value: string): boolean {
  const parts = value.split('.');
  const first = parts[0] ?? '';
  if (first === 'not' && parts.length > 1) return true;
  if (first === 'is' || first === 'in') return true;
  if (Object.hasOwn(SIMPLE_OPERATORS, first) || Object.hasOwn(FTS_OPERATORS, first)) return true;
  const quant = /^([a-z]+)\((?:any|all)\)$/.exec(first);
  if (quant && QUANT_OPERATORS.has(quant[1] ?? '')) return true;
  const paren = value.split('(');
  return paren.length > 1 && Object.hasOwn(FTS_OPERATORS, paren[0] ?? '');
}

/** `rel.sub.col->a`: embed path plus the field (pTreePath). */
function treePath(key: string): { path: string[]; field: Field } {
  const c = new Cursor(key);
  try {
    const names = [c.fieldName()];
    while (c.eat('.')) names.push(c.fieldName());
    const json = jsonPath(c);
    if (!c.done) c.fail('"->", "->>", delimiter (.) or end of input');
    const name = names.pop() as string;
    return { path: names, field: { name, json } };
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError('tree path', key, e.column, e.details);
    throw e;
  }
}

function level(levels: Map<string, Level>, path: string[]): Level {
  const key = path.join('.');
  let l = levels.get(key);
  if (!l) {
    l = { filters: [], logic: [] };
    levels.set(key, l);
  }
  return l;
}

/** PostgREST reads limit/offset with `readMaybe`: anything not an integer is ignored. */
function readInt(v: string): number | undefined {
  return /^-?\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : undefined;
}

/**
 * Splits a query string as PostgREST's QueryParams.parse does. `isRpc` keeps operator-less
 * parameters as function arguments; on a table they are rejected rather than silently ignored.
 */
export function parseQuery(search: URLSearchParams, isRpc: boolean): QueryParams {
  const levels = new Map<string, Level>();
  level(levels, []);
  const rpcArgs: [string, string][] = [];
  const q: QueryParams = { select: parseSelect(search.get('select') ?? '*'), levels, rpcArgs };
  const columns = search.get('columns');
  if (columns !== null && columns !== '') q.columns = parseColumns('columns', columns);
  const onConflict = search.get('on_conflict');
  if (onConflict !== null && onConflict !== '') q.onConflict = parseColumns('on_conflict', onConflict);

  for (const [key, value] of search) {
    if (RESERVED.has(key) || GATEWAY.has(key)) continue;
    const segments = key.split('.');
    const last = segments[segments.length - 1] ?? '';
    if (EMBEDDABLE.has(last)) {
      if (value === '') continue;
      const path = segments.slice(0, -1);
      if (last === 'and' || last === 'or') {
        const negate = path[path.length - 1] === 'not';
        const embed = negate ? path.slice(0, -1) : path;
        level(levels, embed).logic.push(parseLogic(negate ? `not.${last}` : last, value));
      } else if (last === 'order') {
        level(levels, path).order = parseOrder(value);
      } else {
        const n = readInt(value);
        if (n === undefined) continue;
        if (last === 'limit') {
          if (n < 0) throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
          level(levels, path).limit = n;
        } else {
          if (n < 0) throw new ApiError(400, '2201X', 'OFFSET must not be negative');
          level(levels, path).offset = n;
        }
      }
      continue;
    }
    if (value === '' && !isRpc) continue;
    const isFilter = key.includes('.') || hasOperator(value);
    if (!isFilter) {
      if (isRpc) { rpcArgs.push([key, value]); continue; }
      throw parseError('filter', value, 1, `unexpected "${value[0] ?? ''}" expecting "not" or operator (eq, gt, ...)`);
    }
    const { path, field } = treePath(key);
    level(levels, path).filters.push({ field, expr: parseFilterValue(value) });
  }
  return q;
}
