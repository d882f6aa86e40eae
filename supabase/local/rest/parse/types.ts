/** The parsed query string, in PostgREST's own terms (ApiRequest/Types.hs). */
export interface JsonOp {
  arrow: '->' | '->>';
  key: string;
  /** A numeric array index (`->0`, `->-1`) rather than an object key. */
  index: boolean;
}

export interface Field {
  name: string;
  json: JsonOp[];
}

/** PostgREST's AggregateFunction (`amount.sum()`, `count()`), allowed with `[api] db_aggregates_enabled`. */
export type AggregateFunction = 'avg' | 'count' | 'max' | 'min' | 'sum';

export type SelectItem =
  | { kind: 'star' }
  /**
   * `cast` applies to the field (`amount::int.sum()`), `aggregateCast` to the aggregate
   * (`amount.sum()::int`). `count()` without a column is the field `*` counted, as PostgREST
   * parses it: the number of rows.
   */
  | { kind: 'field'; field: Field; alias?: string; cast?: string; aggregate?: AggregateFunction; aggregateCast?: string }
  /**
   * No children (`rel()`): an empty embed, joined for its filters and `!inner` but not output.
   * `spread` (`...rel(a,b)`, never aliased): the to-one row's fields become the parent's own.
   */
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; spread?: true; children: SelectItem[] };

export type Operation =
  /** `quant`: `eq(any).{1,2}`, `like(all).{a*,*b}`: the value is an array, compared with ANY/ALL. */
  | { kind: 'op'; op: string; value: string; quant?: 'any' | 'all' }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'fts'; op: string; lang?: string; value: string };

export interface OpExpr {
  negate: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** `order=rel(col)`: a column of an embedded to-one resource. */
  relation?: string;
  field: Field;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Per embed level (path `[]` is the root, `['children']` an embedded resource by alias or name). */
export interface Level {
  filters: Filter[];
  logic: LogicTree[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select: SelectItem[];
  levels: Map<string, Level>;
  /** Query parameters without an operator, in order: RPC arguments (GET /rpc/fn?a=1&v=x&v=y). */
  rpcArgs: [string, string][];
  columns?: string[];
  onConflict?: string[];
}

export const SIMPLE_OPERATORS: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=',
  like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
  isdistinct: 'is distinct from',
};

/** Operators that take an `(any)`/`(all)` quantifier (QueryParams.hs `quantOperator`). */
export const QUANT_OPERATORS = new Set(['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch']);

export const FTS_OPERATORS: Record<string, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};
