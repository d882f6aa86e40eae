import { ApiError } from '../errors.ts';
import { invalidBody, parseJsonBody, readBody } from '../http.ts';
import { closest, resultRelation, type Routine } from '../schema-cache.ts';
import { Params, ident, qualified } from '../sql/ident.ts';
import { checkPlan, envelope, limitSql, shape, type ReadContext } from '../sql/read.ts';
import { baseHeaders, contentRange, runStatement, send, singularError, toCount, type RequestContext } from '../request.ts';
import { rpcCountPlan, rpcCounts, runCounted } from './count.ts';
import { readStatus, rootPage } from './range.ts';

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';
const singleJsonParam = (r: Routine) => r.params.length === 1 && r.params[0]?.name === '' && isJsonType(r.params[0].type);

function noRpc(rc: RequestContext, name: string, keys: string[], all: Routine[]): ApiError {
  const fn = `${rc.schema}.${name}`;
  const isPost = rc.method === 'POST';
  const prms = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const dets = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  let hint: string | null = null;
  if (all.length > 0) {
    const options = all.map((r) => `(${r.params.map((p) => p.name).sort().join(', ')})`);
    const best = closest(`(${keys.join(', ')})`, options, 0.33) ?? options[0];
    hint = `Perhaps you meant to call the function ${fn}${best}`;
  } else {
    const names = [...rc.cache.routines.values()].flat().filter((r) => r.schema === rc.schema).map((r) => r.name);
    const s = closest(name, names);
    if (s) hint = `Perhaps you meant to call the function ${rc.schema}.${s}`;
  }
  return new ApiError(404, 'PGRST202', `Could not find the function ${fn}${prms} in the schema cache`,
    `Searched for the function ${fn}${dets}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`, hint);
}

/**
 * Does a call with these argument names fit the function (Plan.hs `findProc`, `matchesParams`)?
 * Every required parameter named and nothing else but optional ones; a function without
 * parameters only fits a call without arguments. An unnamed parameter is named '' here, as there.
 */
function matchesParams(r: Routine, keys: Set<string>): boolean {
  if (r.params.length === 0) return keys.size === 0;
  const required = new Set(r.params.filter((p) => !p.hasDefault).map((p) => p.name));
  const optional = new Set(r.params.filter((p) => p.hasDefault).map((p) => p.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.size && rest.every((k) => required.has(k));
}

function ambiguous(candidates: Routine[]): ApiError {
  const signature = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  return new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
}

/**
 * PostgREST's overload resolution (Plan.hs `findProc`): the overloads (in the schema cache's
 * order) whose parameters fit the argument names; failing that, on POST, a function with one
 * unnamed json/jsonb parameter that takes the whole body. More than one either way is PGRST203
 * (300), never a guess left to Postgres (which would answer 42725). A function whose only
 * parameter is unnamed gets the whole body (PostgREST's `OnePosParam`).
 */
function pick(rc: RequestContext, name: string, all: Routine[], keys: string[]): { routine: Routine; whole: boolean } {
  const given = new Set(keys);
  const fitting = all.filter((r) => matchesParams(r, given));
  const fallbacks = rc.method === 'POST' ? all.filter((r) => !fitting.includes(r) && singleJsonParam(r)) : [];
  const candidates = fitting.length > 0 ? fitting : fallbacks;
  if (candidates.length > 1) throw ambiguous(candidates);
  const routine = candidates[0];
  if (!routine) throw noRpc(rc, name, keys, all);
  return { routine, whole: routine.params.length === 1 && routine.params[0]?.name === '' };
}

/** POST/GET/HEAD /rpc/<fn>. */
export async function handleRpc(rc: RequestContext, name: string, refresh: () => Promise<boolean>): Promise<void> {
  let args: Record<string, unknown>;
  let rawBody: unknown = {};
  if (rc.method === 'POST') {
    const text = await readBody(rc.req, rc.config.maxBodyBytes);
    rawBody = text.trim() === '' ? {} : parseJsonBody(text);
    if (typeof rawBody !== 'object' || rawBody === null) throw invalidBody();
    args = Array.isArray(rawBody) ? {} : (rawBody as Record<string, unknown>);
  } else {
    args = Object.fromEntries(rc.query.rpcArgs);
  }
  const keys = Object.keys(args).sort();
  let all = rc.cache.routinesNamed(rc.schema, name);
  if (all.length === 0 && (await refresh())) all = rc.cache.routinesNamed(rc.schema, name);
  if (Array.isArray(rawBody) && !all.some(singleJsonParam) && rc.prefer.params !== 'single-object') {
    throw new ApiError(400, 'PGRST127', 'Feature not implemented', 'Calling a function with a JSON array body is not supported by the local stack');
  }
  let picked: { routine: Routine; whole: boolean };
  if (rc.prefer.params === 'single-object') {
    // The whole body goes to the function's one json/jsonb parameter, whatever its name.
    const single = all.find((r) => r.params.length === 1 && isJsonType(r.params[0]?.type ?? ''));
    if (!single) throw noRpc(rc, name, keys, all);
    picked = { routine: single, whole: true };
  } else picked = pick(rc, name, all, Array.isArray(rawBody) ? [] : keys);
  const { routine, whole } = picked;

  const params = new Params();
  const fn = qualified(routine.schema, routine.name);
  let from: string;
  if (whole) {
    from = `${fn}(${params.add(JSON.stringify(rc.method === 'POST' ? rawBody : args))}::${routine.params[0]?.type ?? 'json'})`;
  } else if (keys.length === 0) {
    from = `${fn}()`;
  } else {
    const types = keys.map((k) => `${ident(k)} ${routine.params.find((p) => p.name === k)?.type ?? 'text'}`);
    const callArgs = keys.map((k) => `${ident(k)} := "pgrst_args".${ident(k)}`);
    const values = Object.fromEntries(keys.map((k) => [k, args[k]]));
    from = `json_to_record(${params.add(JSON.stringify(values))}::json) as "pgrst_args"(${types.join(', ')}) cross join lateral ${fn}(${callArgs.join(', ')})`;
  }
  const readOnly = rc.method !== 'POST' || routine.volatility !== 'v';
  const callRef = ident(routine.name);
  // A void or single-value call is one row: PostgREST's page total is 1, and its count query
  // (exact or estimated) counts that row, so Content-Range is 0-0/1 when counted, 0-0/* otherwise.
  const oneRowRange = contentRange(0, 0, rpcCounts(rc.prefer.count) ? 1 : null);

  if (routine.kind === 'void') {
    await runStatement(rc, readOnly, `select 1 from ${from} as ${callRef}`);
    send(rc, 204, { ...baseHeaders(rc, false), 'Content-Range': oneRowRange });
    return;
  }
  if (routine.kind === 'scalar' && !routine.returnsSet) {
    const sql = `select to_json(${callRef}.${callRef})::text as body from ${from} as ${callRef}`;
    const row = (await runStatement<{ body: string | null }>(rc, readOnly, sql)).rows[0];
    send(rc, 200, { ...baseHeaders(rc), 'Content-Range': oneRowRange }, row?.body ?? 'null');
    return;
  }

  // Rows (setof scalar, composite, setof composite): filters, order, select and range apply.
  const root = rc.query.levels.get('') ?? { filters: [], logic: [] };
  const rel = resultRelation(routine);
  const readCtx: ReadContext = { cache: rc.cache, params, levels: rc.query.levels, used: new Set(['']), counter: { n: 0 }, aggregates: rc.config.aggregates };
  const select = routine.kind === 'scalar' ? [{ kind: 'field' as const, field: { name: routine.name, json: [] } }] : rc.query.select;
  const s = shape(readCtx, rel, callRef, select, root, []);
  checkPlan(readCtx);
  const page = routine.returnsSet ? rootPage(rc, root) : { offset: 0 };
  const where = s.where.length ? ` where ${s.where.join(' and ')}` : '';
  // The call is made once, in PostgREST's "pgrst_source" CTE: the rows and the count both read it
  // (a CTE read twice is materialized, so a counted call never runs the function twice).
  const source = `with "pgrst_source" as (select ${callRef}.* from ${from} as ${callRef}) `;
  const rowsSql = `select ${s.cols} from "pgrst_source" as ${callRef}${s.joins}${where}${s.group}${s.order}${limitSql(page)}`;
  const singular = rc.accept.singular || !routine.returnsSet;
  const count = rpcCountPlan(rc.prefer.count, `from "pgrst_source" as ${callRef}${s.joins}${where}`);
  let sql = source + envelope(rowsSql, count.exact, {
    count: count.exact !== null, singular, stripNulls: rc.accept.stripNulls, withBody: rc.method !== 'HEAD',
  });
  if (routine.kind === 'scalar') sql = sql.replace('json_agg("pgrst_r")', `json_agg("pgrst_r".${callRef})`);
  const { row, total } = await runCounted<{ total: unknown; page_total: unknown; body: string | null }>(rc, readOnly, sql, count);
  const pageTotal = toCount(row?.page_total) ?? 0;
  if (rc.accept.singular && pageTotal !== 1) throw singularError(pageTotal);
  const { status, range } = readStatus(page, pageTotal, total);
  send(rc, status, { ...baseHeaders(rc), 'Content-Range': range }, row?.body ?? 'null');
}
