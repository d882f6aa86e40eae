import { Cursor, ParseFailure } from './cursor.ts';
import { field } from './select.ts';
import { FTS_OPERATORS, QUANT_OPERATORS, SIMPLE_OPERATORS, type Filter, type LogicTree, type OpExpr, type Operation } from './types.ts';
import { parseError } from '../errors.ts';
import { MAX_LOGIC_DEPTH, tooComplex } from '../limits.ts';
import { checkRegex } from '../regex-limits.ts';

type ValueParser = (c: Cursor) => string;

/** A filter value at the top level: the rest of the text (pSingleVal). */
const restValue: ValueParser = (c) => {
  const v = c.input.slice(c.pos);
  c.pos = c.input.length;
  return v;
};

/** A value inside or=(…): quoted, a `{…}` array literal, or text up to `,` or `)` (pLogicSingleVal). */
const logicValue: ValueParser = (c) => {
  if (c.peek() === '"') {
    const start = c.pos;
    const v = c.quoted();
    if (c.done || c.peek() === ',' || c.peek() === ')') return v;
    c.pos = start;
  }
  if (c.peek() === '{') {
    const end = c.input.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.input.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      const v = c.input.slice(c.pos, end + 1);
      c.pos = end + 1;
      return v;
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos += 1;
  return c.input.slice(start, c.pos);
};

function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(', '"("');
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    values.push(logicValueNoArray(c));
    if (c.eat(',')) continue;
    c.skipSpaces();
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    return values;
  }
}

/** A list element (pListElement): quoted when followed by `,`/`)`, else text up to `,`/`)`. */
function logicValueNoArray(c: Cursor): string {
  if (c.peek() === '"') {
    const start = c.pos;
    const v = c.quoted();
    if (c.peek() === ',' || c.peek() === ')') return v;
    c.pos = start;
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos += 1;
  return c.input.slice(start, c.pos);
}

function operation(c: Cursor, value: ValueParser): Operation {
  if (c.eat('in.')) return { kind: 'in', values: listValue(c) };
  if (c.eat('is.')) {
    const m = /^(null|not_null|unknown|true|false)/i.exec(c.input.slice(c.pos));
    if (!m) c.fail('null or trilean value (unknown, true, false)');
    c.pos += m[0].length;
    return { kind: 'is', value: m[0].toLowerCase() as 'null' };
  }
  const fts = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}\p{N}_ $]+)\))?\./u.exec(c.input.slice(c.pos));
  if (fts && fts[1] && FTS_OPERATORS[fts[1]]) {
    c.pos += fts[0].length;
    return { kind: 'fts', op: fts[1], ...(fts[2] ? { lang: fts[2].trim() } : {}), value: value(c) };
  }
  // `op(any).` / `op(all).` (pQuantOp): the value is a Postgres array literal, `{a*,b*}`.
  const quant = /^([a-z]+)\((any|all)\)\./.exec(c.input.slice(c.pos));
  if (quant && quant[1] && QUANT_OPERATORS.has(quant[1])) {
    c.pos += quant[0].length;
    const v = value(c);
    if (quant[1] === 'match' || quant[1] === 'imatch') for (const pattern of arrayElements(v)) checkRegex(pattern);
    return { kind: 'op', op: quant[1], quant: quant[2] as 'any' | 'all', value: v };
  }
  const dot = c.input.indexOf('.', c.pos);
  if (dot < 0) c.fail('operator (eq, gt, ...)');
  const op = c.input.slice(c.pos, dot);
  if (!Object.hasOwn(SIMPLE_OPERATORS, op)) {
    throw new ParseFailure(dot + 2, `unknown single value operator ${op}`);
  }
  c.pos = dot + 1;
  const v = value(c);
  if (op === 'match' || op === 'imatch') checkRegex(v);
  return { kind: 'op', op, value: v };
}

/**
 * The elements of a one-dimensional array literal (`{a,"b,c"}`), for the regular-expression
 * check of `match(any)`. Anything else is returned whole, to be checked as one pattern (Postgres
 * refuses a malformed literal by itself).
 */
function arrayElements(literal: string): string[] {
  const s = literal.trim();
  if (!s.startsWith('{') || !s.endsWith('}') || s.slice(1, -1).includes('{')) return [literal];
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 1; i < s.length - 1; i += 1) {
    const ch = s[i] as string;
    if (ch === '\\') cur += s[(i += 1)] ?? '';
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) { out.push(cur.trim()); cur = ''; }
    else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

function opExpr(c: Cursor, value: ValueParser): OpExpr {
  const negate = c.eat('not.');
  return { negate, operation: operation(c, value) };
}

/** The value side of `col=<op>.<value>` (pOpExpr pSingleVal). */
export function parseFilterValue(input: string): OpExpr {
  const c = new Cursor(input);
  try {
    const expr = opExpr(c, restValue);
    if (!c.done) c.fail('end of input');
    return expr;
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError('filter', input, e.column, e.details);
    throw e;
  }
}

/** `depth`: the `and(…)`/`or(…)` this tree is nested in, limited before the recursion goes deeper. */
function logicTree(c: Cursor, depth: number): LogicTree {
  c.skipSpaces();
  const start = c.pos;
  try {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    const filter: Filter = { field: f, expr: opExpr(c, logicValue) };
    c.skipSpaces();
    if (c.done || c.peek() === ',' || c.peek() === ')') return { kind: 'filter', filter };
    c.fail('"," or ")"');
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
    const asExpr = (() => {
      c.pos = start;
      const negate = c.eat('not.');
      return negate || c.startsWith('and(') || c.startsWith('or(') || c.startsWith('and (') || c.startsWith('or (');
    })();
    if (!asExpr) throw e;
    c.pos = start;
  }
  const negate = c.eat('not.');
  let op: 'and' | 'or';
  if (c.eat('and')) op = 'and';
  else if (c.eat('or')) op = 'or';
  else c.fail('logic operator (and, or)');
  c.skipSpaces();
  c.expect('(', '"("');
  if (depth >= MAX_LOGIC_DEPTH) throw tooComplex('logic tree', `and(…)/or(…) can be nested at most ${MAX_LOGIC_DEPTH} levels deep`);
  const children = [logicTree(c, depth + 1)];
  for (;;) {
    c.skipSpaces();
    if (c.eat(',')) { children.push(logicTree(c, depth + 1)); continue; }
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    return { kind: 'expr', negate, op, children };
  }
}

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))` under the key `or` / `not.or` / `rel.and` (pLogicTree on op + value). */
export function parseLogic(op: string, input: string): LogicTree {
  const c = new Cursor(op + input);
  try {
    const tree = logicTree(c, 0);
    if (!c.done) c.fail('end of input');
    if (tree.kind !== 'expr') c.fail('"("');
    return tree;
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError('logic tree', input, Math.max(1, e.column - op.length), e.details);
    throw e;
  }
}
