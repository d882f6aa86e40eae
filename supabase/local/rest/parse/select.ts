import { Cursor, ParseFailure } from './cursor.ts';
import type { AggregateFunction, Field, JsonOp, OrderTerm, SelectItem } from './types.ts';
import { parseError } from '../errors.ts';
import { MAX_EMBED_DEPTH, MAX_EMBEDS, MAX_JSON_PATH, MAX_SELECT_ITEMS, tooComplex } from '../limits.ts';

/** JSON path after a field: `->key`, `->>key`, `->0`, `->>-1` (pJsonPath). */
export function jsonPath(c: Cursor): JsonOp[] {
  const ops: JsonOp[] = [];
  for (;;) {
    let arrow: JsonOp['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return ops;
    if (ops.length >= MAX_JSON_PATH) throw tooComplex('JSON path', `A JSON path can have at most ${MAX_JSON_PATH} arrows (-> or ->>)`);
    const m = /^-?\d+(?=->|::|\.|,|\)|$)/.exec(c.input.slice(c.pos));
    if (m) {
      c.pos += m[0].length;
      ops.push({ arrow, key: m[0], index: true });
    } else ops.push({ arrow, key: c.fieldName(), index: false });
  }
}

export function field(c: Cursor): Field {
  c.skipSpaces();
  const name = c.fieldName();
  const json = jsonPath(c);
  c.skipSpaces();
  return { name, json };
}

function aliasPrefix(c: Cursor): string | undefined {
  const start = c.pos;
  try {
    const alias = c.fieldName();
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos += 1;
      return alias;
    }
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
  }
  c.pos = start;
  return undefined;
}

function atItemEnd(c: Cursor): boolean {
  return c.done || c.peek() === ',' || c.peek() === ')';
}

/** Embeds seen so far and the current depth, checked as the parser descends (before it could overflow). */
interface Budget {
  embeds: number;
  depth: number;
}

/** `.sum()`, `.avg()`, `.count()`, `.max()`, `.min()` after a field (pAggregation): all of it or nothing. */
function aggregation(c: Cursor): AggregateFunction | undefined {
  const m = /^\.(sum|avg|count|max|min)\(\)/.exec(c.input.slice(c.pos));
  if (!m) return undefined;
  c.pos += m[0].length;
  return m[1] as AggregateFunction;
}

/**
 * `[alias:]count()[::cast]`, the count of rows (pFieldSelect's second choice): the field `*`
 * counted. Tried before anything else, and given up without consuming anything.
 */
function countAll(c: Cursor): SelectItem | undefined {
  const start = c.pos;
  const alias = aliasPrefix(c);
  if (c.eat('count()')) {
    let aggregateCast: string | undefined;
    if (c.eat('::')) aggregateCast = c.identifier();
    c.skipSpaces();
    if (atItemEnd(c)) {
      return {
        kind: 'field', field: { name: '*', json: [] }, aggregate: 'count',
        ...(alias === undefined ? {} : { alias }), ...(aggregateCast === undefined ? {} : { aggregateCast }),
      };
    }
  }
  c.pos = start;
  return undefined;
}

function selectItem(c: Cursor, budget: Budget): SelectItem {
  c.skipSpaces();
  if (c.peek() === '*') {
    c.pos += 1;
    c.skipSpaces();
    if (!atItemEnd(c)) c.fail('")", "," or end of input');
    return { kind: 'star' };
  }
  const counted = countAll(c);
  if (counted) return counted;
  const start = c.pos;
  // `...rel(…)` (pSpreadRelationSelect): no alias, and an embed or nothing.
  const spread = c.eat('...');
  const alias = spread ? undefined : aliasPrefix(c);
  const name = c.fieldName();
  // Embed parameters: `!inner`, `!left`, `!hint` in any order (pEmbedParams).
  let hint: string | undefined;
  let inner = false;
  const save = c.pos;
  while (c.peek() === '!') {
    c.pos += 1;
    if (c.startsWith('inner') && (c.peek(5) === '(' || c.peek(5) === '!')) { c.pos += 5; inner = true; }
    else if (c.startsWith('left') && (c.peek(4) === '(' || c.peek(4) === '!')) { c.pos += 4; inner = false; }
    else hint = c.fieldName();
  }
  // pRelationSelect refuses the name `count`: `count(…)` is never an embed, and is left to fail
  // as a field (`count()` itself was read above).
  if (c.peek() === '(' && (spread || name !== 'count')) {
    c.pos += 1;
    c.skipSpaces();
    budget.embeds += 1;
    if (budget.embeds > MAX_EMBEDS) throw tooComplex('select parameter', `At most ${MAX_EMBEDS} embedded resources are allowed in one request`);
    if (budget.depth >= MAX_EMBED_DEPTH) throw tooComplex('select parameter', `Embedded resources can be nested at most ${MAX_EMBED_DEPTH} levels deep`);
    budget.depth += 1;
    const children = c.peek() === ')' ? [] : selectList(c, budget);
    budget.depth -= 1;
    c.expect(')', '")"');
    c.skipSpaces();
    return {
      kind: 'embed', name, ...(alias === undefined ? {} : { alias }), ...(hint === undefined ? {} : { hint }), inner,
      ...(spread ? { spread } : {}), children,
    };
  }
  if (c.pos !== save || spread) c.fail('"("');
  c.pos = start;
  const alias2 = aliasPrefix(c);
  const f = field(c);
  let cast: string | undefined;
  if (c.eat('::')) cast = c.identifier();
  // `field[::cast].agg()[::cast]` (pFieldSelect). PostgREST reads a second cast even without an
  // aggregate, and then ignores it: so does this.
  const aggregate = aggregation(c);
  let aggregateCast: string | undefined;
  if (c.eat('::')) aggregateCast = c.identifier();
  c.skipSpaces();
  if (!atItemEnd(c)) c.fail('"->>", "->", "::", ".", ")", "," or end of input');
  return {
    kind: 'field', field: f, ...(alias2 === undefined ? {} : { alias: alias2 }), ...(cast === undefined ? {} : { cast }),
    ...(aggregate === undefined ? {} : { aggregate }), ...(aggregate === undefined || aggregateCast === undefined ? {} : { aggregateCast }),
  };
}

/**
 * One select list. `*` may appear once per list: each one expands to all the table's columns, so
 * repeating it could pass the item cap and still overflow Postgres's target list (54011, a 500).
 */
function selectList(c: Cursor, budget: Budget): SelectItem[] {
  const items = [selectItem(c, budget)];
  let stars = items[0]!.kind === 'star' ? 1 : 0;
  while (c.peek() === ',') {
    c.pos += 1;
    if (items.length >= MAX_SELECT_ITEMS) throw tooComplex('select parameter', `At most ${MAX_SELECT_ITEMS} items are allowed in one select list`);
    const item = selectItem(c, budget);
    if (item.kind === 'star' && (stars += 1) > 1) throw tooComplex('select parameter', '`*` can appear at most once in one select list');
    items.push(item);
  }
  return items;
}

export function parseSelect(input: string): SelectItem[] {
  const c = new Cursor(input);
  try {
    const items = selectList(c, { embeds: 0, depth: 0 });
    if (!c.done) c.fail('"," or end of input');
    return items;
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError('select parameter', input, e.column, e.details);
    throw e;
  }
}

/** `order=a.desc.nullslast,rel(b).asc` (pOrder). */
export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input);
  try {
    const terms: OrderTerm[] = [];
    for (;;) {
      c.skipSpaces();
      const start = c.pos;
      let term: OrderTerm;
      const name = c.fieldName();
      if (c.peek() === '(') {
        c.pos += 1;
        term = { relation: name, field: field(c) };
        c.expect(')', '")"');
      } else {
        c.pos = start;
        term = { field: field(c) };
      }
      if (c.eat('.asc')) term.dir = 'asc';
      else if (c.eat('.desc')) term.dir = 'desc';
      if (c.eat('.nullsfirst')) term.nulls = 'first';
      else if (c.eat('.nullslast')) term.nulls = 'last';
      c.skipSpaces();
      terms.push(term);
      if (c.done) return terms;
      if (c.peek() === ',') { c.pos += 1; continue; }
      if (c.peek() === '.') { c.pos += 1; c.fail('"asc", "desc", "nullsfirst" or "nullslast"'); }
      c.fail('delimiter (.), "," or end of input');
    }
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError('order', input, e.column, e.details);
    throw e;
  }
}

/** `columns=` and `on_conflict=`: comma-separated field names (pColumns). */
export function parseColumns(what: string, input: string): string[] {
  const c = new Cursor(input);
  try {
    const cols: string[] = [];
    for (;;) {
      c.skipSpaces();
      cols.push(c.fieldName());
      c.skipSpaces();
      if (c.done) return cols;
      c.expect(',', '"," or end of input');
    }
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError(`${what} parameter`, input, e.column, e.details);
    throw e;
  }
}
