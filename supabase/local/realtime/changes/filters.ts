/**
 * `postgres_changes` binding parameters parsed as Realtime parses them: `event` (`*` or an
 * action, anything else means `*`), `schema` (default `public`), `table` (`*` for all), and a
 * `filter` of comma-separated `column=op.value` terms combined with AND. Operators: eq, neq, lt,
 * lte, gt, gte, in (`in.(a,b)`); a `not.` prefix negates. Values in double quotes are unquoted.
 */
export type Action = 'INSERT' | 'UPDATE' | 'DELETE';
export type Op = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: Op;
  /** For `in`, a Postgres array literal `{a,b}`. */
  value: string;
  negate: boolean;
}

export interface BindingParams {
  event: '*' | Action;
  schema: string;
  table: string;
  filters: Filter[];
}

const OPS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

function action(event: unknown): BindingParams['event'] {
  if (typeof event !== 'string') return '*';
  const up = event.toUpperCase();
  return up === 'INSERT' || up === 'UPDATE' || up === 'DELETE' ? up : '*';
}

/** Splits on commas outside parentheses and double quotes. */
function splitTop(filter: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i]!;
    if (quoted) {
      if (c === '\\' && i + 1 < filter.length) current += c + filter[++i];
      else {
        if (c === '"') quoted = false;
        current += c;
      }
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  out.push(current);
  return out;
}

function unquote(value: string): string {
  if (!value.startsWith('"') || !value.endsWith('"') || value.length < 2) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** Elixir's `inspect` of a list of strings, which Realtime puts in its error text. */
const inspectList = (parts: string[]) => `[${parts.map((p) => JSON.stringify(p)).join(', ')}]`;

function parseTerm(term: string): Filter | string {
  const trimmed = term.trim();
  if (trimmed === '') return 'filter must not contain empty segments (check for extra commas)';
  const eq = trimmed.indexOf('=');
  if (eq < 0) return inspectList([trimmed]);
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot < 0) return inspectList([rest]);
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!OPS.has(op)) return inspectList([op, value]);
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) return '`in` filter value must be wrapped by parentheses';
    return { column, op, value: `{${value.slice(1, -1)}}`, negate };
  }
  return { column, op: op as Op, value: unquote(value), negate };
}

/** The parsed binding, or Realtime's error text for it. */
export function parseBinding(raw: unknown): BindingParams | { error: string } {
  const p = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(p, k) && p[k] !== undefined && p[k] !== null;
  const schema = has('schema') ? p.schema : undefined;
  const table = has('table') ? p.table : undefined;
  const filter = has('filter') ? p.filter : undefined;
  if (schema !== undefined && typeof schema !== 'string') return noParams(p);
  if (table !== undefined && typeof table !== 'string') return noParams(p);
  if (filter !== undefined && typeof filter !== 'string') return noParams(p);
  if (schema === undefined && table === undefined) return noParams(p);
  if (filter !== undefined && (schema === undefined || table === undefined)) return noParams(p);
  const filters: Filter[] = [];
  if (filter !== undefined && filter.trim() !== '') {
    for (const term of splitTop(filter.trim())) {
      const parsed = parseTerm(term);
      if (typeof parsed === 'string') return { error: `Error parsing \`filter\` params: ${parsed}` };
      filters.push(parsed);
    }
  }
  return { event: action(p.event), schema: schema ?? 'public', table: table ?? '*', filters };
}

function noParams(p: Record<string, unknown>): { error: string } {
  const shown = 'user_token' in p || 'auth_token' in p ? '<redacted>' : JSON.stringify(p);
  return { error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${shown}` };
}

/** How Realtime lists a subscription's parameters in its error texts. */
export function describeParams(b: BindingParams): string {
  const filters = b.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`);
  return `event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${filters.join(', ')}], select: nil`;
}
