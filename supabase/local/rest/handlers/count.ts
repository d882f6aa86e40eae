import type { Tx } from '../../contracts.ts';
import type { Prefer } from '../http.ts';
import { runInTx, runStatement, toCount, type RequestContext } from '../request.ts';

/**
 * How the total of Content-Range is found, as PostgREST's Query.hs does it (`shouldCount`,
 * `resultSetWTotal`):
 * - `exact`: `count(*)` of the count query, in the same statement as the rows;
 * - `planned`: the planner's row estimate, `EXPLAIN (FORMAT JSON)` of the count query's
 *   `select 1 …` ("Plan Rows"), after the rows; never an exact count, so a small table the
 *   planner over-estimates answers 206 with the estimate as total;
 * - `estimated`: the exact count of at most max_rows + 1 rows; past max_rows the larger of it and
 *   the estimate.
 * `from` is the count query after its select list: `from … [joins] [where …]`.
 */
export interface CountPlan {
  /** The total's query inside the statement (null: the statement counts nothing). */
  exact: string | null;
  /** A second step in the same transaction that turns the statement's total into the answer's. */
  resolve?: (tx: Tx, total: number | null) => Promise<number | null>;
}

/** Reads: every mode as above (the RPC plan is `rpcCountPlan`). */
export function countPlan(mode: Prefer['count'], from: string, maxRows: number | undefined): CountPlan {
  const explain = (tx: Tx) => plannedRows(tx, `select 1 ${from}`);
  switch (mode) {
    case 'exact':
      return { exact: `select count(*) ${from}` };
    case 'planned':
      return { exact: null, resolve: (tx) => explain(tx) };
    case 'estimated':
      // Without max_rows the count is not limited, and PostgREST's `tableTotal > maxRows` is
      // `Just n > Nothing`, true: the larger of the exact count and the estimate.
      return {
        exact: `select count(*) from (select 1 ${from}${maxRows === undefined ? '' : ` limit ${maxRows + 1}`}) as "pgrst_c"`,
        resolve: async (tx, total) => (total !== null && (maxRows === undefined || total > maxRows) ? Math.max(total, (await explain(tx)) ?? 0) : total),
      };
    default:
      return { exact: null };
  }
}

/**
 * Function calls: PostgREST counts `exact` and `estimated` alike (the whole result, no max_rows
 * limit) and leaves `planned` without a total (its call path never asks the planner).
 */
export function rpcCountPlan(mode: Prefer['count'], from: string): CountPlan {
  return { exact: rpcCounts(mode) ? `select count(*) ${from}` : null };
}

export function rpcCounts(mode: Prefer['count']): boolean {
  return mode === 'exact' || mode === 'estimated';
}

/** "Plan Rows" of the top plan node, as PostgREST's `preparePlanRows` reads it. */
async function plannedRows(tx: Tx, sql: string): Promise<number | null> {
  const row = (await tx.query<Record<string, unknown>>(`explain (format json) ${sql}`)).rows[0];
  let plan = row ? Object.values(row)[0] : undefined;
  // node-postgres and PGlite both parse json; a driver that does not hands over the text.
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const rows = (plan as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : null;
}

/**
 * Runs a read's statement and finds its total: one round trip when the statement's own count is
 * the answer, a transaction when the planner must be asked afterwards or the result checked
 * before it commits (`check` throws to roll a call back).
 */
export async function runCounted<Row extends { total: unknown }>(
  rc: RequestContext, readOnly: boolean, sql: string, plan: CountPlan, check?: (row: Row | undefined) => void,
): Promise<{ row: Row | undefined; total: number | null }> {
  const { resolve } = plan;
  if (!resolve && !check) {
    const row = (await runStatement<Row>(rc, readOnly, sql)).rows[0];
    return { row, total: toCount(row?.total) };
  }
  return runInTx(rc, readOnly, async (tx) => {
    const row = (await tx.query<Row>(sql)).rows[0];
    check?.(row);
    const total = toCount(row?.total);
    return { row, total: resolve ? await resolve(tx, total) : total };
  });
}
