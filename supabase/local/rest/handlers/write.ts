import type { QueryResult } from '../../contracts.ts';
import { ApiError } from '../errors.ts';
import { csvRows } from '../csv.ts';
import { invalidBody, parseJsonBody, readBody } from '../http.ts';
import { contentMediaType, toMime } from '../media.ts';
import type { Relation } from '../schema-cache.ts';
import { embedNeeds } from '../sql/embed.ts';
import { filterSql, logicSql } from '../sql/filters.ts';
import { Params, ident } from '../sql/ident.ts';
import { INSERTED_SQL, deleteSql, insertSql, updateSql } from '../sql/mutate.ts';
import { checkPlan, envelope, shape, type ReadContext } from '../sql/read.ts';
import { baseHeaders, contentRange, runInTx, runStatement, resultCheck, send, sendPlan, toCount, type RequestContext } from '../request.ts';

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

/**
 * The body of a POST or PATCH by its Content-Type (ApiRequest.hs `getPayload`): JSON, CSV (rows
 * of strings, `NULL` null) or a form (one row of strings, a repeated name's last value); any
 * other type is PGRST102.
 */
async function readPayload(rc: RequestContext): Promise<unknown> {
  const type = contentMediaType(rc.req.headers['content-type']);
  if (type.kind !== 'json' && type.kind !== 'csv' && type.kind !== 'urlencoded') {
    throw invalidBody(`Content-Type not acceptable: ${toMime(type)}`);
  }
  const text = await readBody(rc.req, rc.config.maxBodyBytes);
  if (type.kind === 'csv') return csvRows(text);
  if (type.kind === 'urlencoded') return Object.fromEntries(new URLSearchParams(text));
  return parseJsonBody(text);
}

/**
 * The values a PATCH sets: the body object, or the first row of an array of objects with the same
 * keys (a CSV body's first line), as PostgREST reads one (`json_to_recordset … LIMIT 1`); an empty
 * array sets nothing.
 */
function patchRow(body: unknown): Row {
  if (isObject(body)) return body;
  if (!Array.isArray(body)) throw invalidBody('Empty or invalid json');
  const first = body[0];
  if (first === undefined) return {};
  const keys = isObject(first) ? Object.keys(first).sort().join('\0') : undefined;
  if (!isObject(first) || !body.every((r) => isObject(r) && Object.keys(r).sort().join('\0') === keys)) throw invalidBody('All object keys must match');
  return first;
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

/** The columns a write returns for its representation (see `embedNeeds`), with the primary key. */
function returningColumns(rc: RequestContext, rel: Relation): string[] {
  return embedNeeds(rc.cache, rel, rc.query.select, rel.pk);
}

interface Outcome {
  affected: number;
  body: string | null;
  /** Rows a merge-duplicates upsert inserted (null when none reached the INSERT). */
  inserted: number | null;
}

/** POST (insert/upsert), PATCH and DELETE on a table or view. */
export async function handleWrite(rc: RequestContext, rel: Relation): Promise<void> {
  const params = new Params();
  const representation = rc.prefer.return === 'representation';
  const returning = representation ? returningColumns(rc, rel) : undefined;
  let mutation: string | null;
  // merge-duplicates answers 201 only when a row was inserted (below); the statement counts them.
  let countInserted = false;
  // Preference-Applied names resolution only when there was a key to resolve conflicts on.
  let headerRc = rc;

  if (rc.method === 'DELETE') {
    mutation = deleteSql(rel, rootWhere(rc, rel, params), returning);
  } else {
    const body = await readPayload(rc);
    if (rc.method === 'POST') {
      const { rows, columns } = insertPayload(rc, rel, body);
      const resolution = rc.prefer.resolution;
      // Without a primary key or on_conflict, PostgREST inserts plainly (no ON CONFLICT).
      const onConflictCols = rc.query.onConflict ?? rel.pk;
      if (resolution && onConflictCols.length === 0) {
        const { resolution: _ignored, ...prefer } = rc.prefer;
        headerRc = { ...rc, prefer };
      }
      countInserted = resolution === 'merge-duplicates';
      mutation = insertSql({
        rel, columns, payload: params.add(JSON.stringify(rows)),
        missingDefault: rc.prefer.missing === 'default',
        ...(resolution ? { onConflict: { columns: onConflictCols, merge: resolution === 'merge-duplicates' } } : {}),
        countInserted,
        returning: returning ?? (countInserted ? [] : undefined),
      });
    } else {
      const row = patchRow(body);
      const columns = Object.keys(row);
      checkColumns(rel, columns);
      const payload = params.add(JSON.stringify(row));
      // PostgREST turns an empty PATCH body into a no-op.
      mutation = columns.length ? updateSql(rel, columns, payload, rootWhere(rc, rel, params), returning) : null;
    }
  }

  let statement: string | null = mutation;
  const wrapped = mutation !== null && (representation || countInserted);
  if (mutation && wrapped) {
    let rows = `select 1 from "pgrst_source"`;
    if (representation) {
      const readCtx: ReadContext = {
        cache: rc.cache, params, levels: new Map([['', { filters: [], logic: [] }]]), used: new Set(['']), counter: { n: 0 }, aggregates: rc.config.aggregates,
        jsonbEmbeds: rc.accept.format === 'csv',
      };
      for (const key of rc.query.levels.keys()) if (key !== '') readCtx.used.add(key);
      const s = shape(readCtx, rel, ident(rel.name), rc.query.select, { filters: [], logic: [] }, []);
      checkPlan(readCtx);
      rows = `select ${s.cols} from "pgrst_source" as ${ident(rel.name)}${s.joins}${s.group}`;
    }
    statement = envelope(rows, null, {
      count: false, singular: rc.accept.singular, stripNulls: rc.accept.stripNulls, withBody: representation,
      format: rc.accept.format, source: mutation,
      ...(countInserted ? { extra: `${INSERTED_SQL} as inserted` } : {}),
    });
  }
  if (rc.accept.plan) {
    // An empty PATCH has no statement; PostgREST explains its no-op update instead.
    return sendPlan(rc, false, statement ?? 'select 1 where false');
  }

  type Written = QueryResult<{ page_total: unknown; body: string | null; inserted?: unknown }>;
  const toOutcome = (result: Written): Outcome => wrapped
    ? { affected: toCount(result.rows[0]?.page_total) ?? 0, body: result.rows[0]?.body ?? null, inserted: toCount(result.rows[0]?.inserted) }
    : { affected: result.affectedRows ?? 0, body: null, inserted: null };
  const check = resultCheck(rc);
  let outcome: Outcome;
  if (!statement) {
    outcome = { affected: 0, body: representation ? (rc.accept.singular ? 'null' : '[]') : null, inserted: null };
  } else if (check) {
    // The result decides whether to commit: raising inside the transaction rolls the change back,
    // as PostgREST does.
    outcome = await runInTx(rc, false, async (tx) => {
      const out = toOutcome(await tx.query(statement));
      check(out.affected);
      return out;
    });
  } else {
    outcome = toOutcome(await runStatement(rc, false, statement));
  }

  const total = rc.prefer.count ? outcome.affected : null;
  const range = rc.method === 'POST' ? contentRange(1, 0, total) : contentRange(0, outcome.affected - 1, total);
  if (rc.method === 'POST') {
    // Response.hs: an insert answers 201, except a merge-duplicates upsert that inserted nothing
    // (every row updated an existing one, or the body was empty): 200, whatever `return` says.
    const status = countInserted && !((outcome.inserted ?? 0) > 0) ? 200 : 201;
    if (representation) send(rc, status, { ...baseHeaders(headerRc), 'Content-Range': range }, outcome.body ?? '[]');
    else send(rc, status, { ...baseHeaders(headerRc, false), 'Content-Range': range });
  } else if (representation) {
    send(rc, 200, { ...baseHeaders(rc), 'Content-Range': range }, outcome.body ?? '[]');
  } else {
    send(rc, 204, { ...baseHeaders(rc, false), 'Content-Range': range });
  }
}
