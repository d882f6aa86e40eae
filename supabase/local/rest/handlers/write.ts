import type { QueryResult } from '../../contracts.ts';
import { ApiError } from '../errors.ts';
import { invalidBody, parseJsonBody, readBody } from '../http.ts';
import type { Relation } from '../schema-cache.ts';
import { filterSql, logicSql } from '../sql/filters.ts';
import { Params, ident } from '../sql/ident.ts';
import { deleteSql, insertSql, updateSql } from '../sql/mutate.ts';
import { checkUnusedLevels, envelope, shape, type ReadContext } from '../sql/read.ts';
import { baseHeaders, contentRange, runInTx, runStatement, send, singularError, toCount, type RequestContext } from '../request.ts';

type Row = Record<string, unknown>;

function columnNotFound(rel: Relation, col: string): ApiError {
  return new ApiError(400, 'PGRST204', `Could not find the '${col}' column of '${rel.name}' in the schema cache`);
}

function checkColumns(rel: Relation, cols: Iterable<string>): void {
  for (const c of cols) if (!rel.columnMap.has(c)) throw columnNotFound(rel, c);
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rows of a POST body and the columns to insert (`?columns=` or the keys, which must match). */
function insertPayload(rc: RequestContext, rel: Relation, body: unknown): { rows: Row[]; columns: string[] } {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw invalidBody(Array.isArray(body) ? 'All object keys must match' : 'Empty or invalid json');
  let columns = rc.query.columns;
  if (!columns) {
    const first = Object.keys(rows[0] ?? {});
    const same = rows.every((r) => {
      const keys = Object.keys(r);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    });
    if (!same) throw invalidBody('All object keys must match');
    columns = first;
  }
  checkColumns(rel, columns);
  return { rows, columns: [...new Set(columns)] };
}

/** Filters of the root level, for UPDATE/DELETE. */
function rootWhere(rc: RequestContext, rel: Relation, params: Params): string[] {
  const root = rc.query.levels.get('') ?? { filters: [], logic: [] };
  if (root.limit !== undefined || root.offset !== undefined) {
    throw new ApiError(400, 'PGRST127', 'Feature not implemented', 'limit/offset on PATCH and DELETE is not supported by the local stack');
  }
  const ref = ident(rel.name);
  return [...root.filters.map((f) => filterSql(ref, rel, f, params)), ...root.logic.map((t) => logicSql(ref, rel, t, params))];
}

interface Outcome {
  affected: number;
  body: string | null;
}

/** POST (insert/upsert), PATCH and DELETE on a table or view. */
export async function handleWrite(rc: RequestContext, rel: Relation): Promise<void> {
  const params = new Params();
  const representation = rc.prefer.return === 'representation';
  let mutation: string | null;

  if (rc.method === 'DELETE') {
    mutation = deleteSql(rel, rootWhere(rc, rel, params), representation);
  } else {
    const body = parseJsonBody(await readBody(rc.req, rc.config.maxBodyBytes));
    if (rc.method === 'POST') {
      const { rows, columns } = insertPayload(rc, rel, body);
      const resolution = rc.prefer.resolution;
      const onConflictCols = rc.query.onConflict ?? rel.pk;
      if (resolution && onConflictCols.length === 0) {
        throw new ApiError(400, 'PGRST127', 'Feature not implemented', `Upsert needs a primary key or on_conflict on '${rel.name}'`);
      }
      mutation = insertSql({
        rel, columns, payload: params.add(JSON.stringify(rows)),
        missingDefault: rc.prefer.missing === 'default',
        ...(resolution ? { onConflict: { columns: onConflictCols, merge: resolution === 'merge-duplicates' } } : {}),
        returning: representation,
      });
    } else {
      if (!isObject(body)) throw invalidBody('Empty or invalid json');
      const columns = Object.keys(body);
      checkColumns(rel, columns);
      const payload = params.add(JSON.stringify(body));
      // PostgREST turns an empty PATCH body into a no-op.
      mutation = columns.length ? updateSql(rel, columns, payload, rootWhere(rc, rel, params), representation) : null;
    }
  }

  let statement: string | null = mutation;
  if (mutation && representation) {
    const readCtx: ReadContext = { cache: rc.cache, params, levels: new Map([['', { filters: [], logic: [] }]]), used: new Set(['']), counter: { n: 0 } };
    for (const key of rc.query.levels.keys()) if (key !== '') readCtx.used.add(key);
    const s = shape(readCtx, rel, ident(rel.name), rc.query.select, { filters: [], logic: [] }, []);
    checkUnusedLevels(readCtx);
    const rows = `select ${s.cols} from "pgrst_source" as ${ident(rel.name)}${s.joins}`;
    statement = `with "pgrst_source" as (${mutation}) ${envelope(rows, null, { count: false, singular: rc.accept.singular, stripNulls: rc.accept.stripNulls, withBody: true })}`;
  }

  type Written = QueryResult<{ page_total: unknown; body: string | null }>;
  const toOutcome = (result: Written): Outcome => representation
    ? { affected: toCount(result.rows[0]?.page_total) ?? 0, body: result.rows[0]?.body ?? null }
    : { affected: result.affectedRows ?? 0, body: null };
  const strictMax = rc.prefer.maxAffected !== undefined && rc.prefer.handling === 'strict' ? rc.prefer.maxAffected : undefined;
  let outcome: Outcome;
  if (!statement) {
    outcome = { affected: 0, body: representation ? (rc.accept.singular ? 'null' : '[]') : null };
  } else if (rc.accept.singular || strictMax !== undefined) {
    // The result decides whether to commit: raising inside the transaction rolls the change back,
    // as PostgREST does.
    outcome = await runInTx(rc, false, async (tx) => {
      const out = toOutcome(await tx.query(statement));
      if (rc.accept.singular && out.affected !== 1) throw singularError(out.affected);
      if (strictMax !== undefined && out.affected > strictMax) {
        throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${out.affected} rows`);
      }
      return out;
    });
  } else {
    outcome = toOutcome(await runStatement(rc, false, statement));
  }

  const total = rc.prefer.count ? outcome.affected : null;
  const range = rc.method === 'POST' ? contentRange(1, 0, total) : contentRange(0, outcome.affected - 1, total);
  if (representation) {
    send(rc, rc.method === 'POST' ? 201 : 200, { ...baseHeaders(rc), 'Content-Range': range }, outcome.body ?? '[]');
  } else {
    send(rc, rc.method === 'POST' ? 201 : 204, { ...baseHeaders(rc, false), 'Content-Range': range });
  }
}
