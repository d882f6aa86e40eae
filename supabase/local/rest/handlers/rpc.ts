import { csvRows } from '../csv.ts';
import { ApiError } from '../errors.ts';
import { invalidBody, parseJsonBody, readRawBody } from '../http.ts';
import { contentMediaType, toMime, type MediaType } from '../media.ts';
import { closest, resultRelation, type Routine, type RoutineParam } from '../schema-cache.ts';
import { embedNeeds } from '../sql/embed.ts';
import { Params, ident, qualified } from '../sql/ident.ts';
import { checkPlan, envelope, limitSql, shape, type ReadContext } from '../sql/read.ts';
import { baseHeaders, contentRange, runStatement, resultCheck, send, sendPlan, toCount, type RequestContext } from '../request.ts';
import { rpcCountPlan, rpcCounts, runCounted } from './count.ts';
import { readStatus, rootPage } from './range.ts';

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

/** Bodies passed whole, as they are, to a function's one unnamed parameter of the matching type. */
const RAW_BODY_TYPES: Partial<Record<MediaType['kind'], string>> = { text: 'text', xml: 'xml', octet: 'bytea' };

/**
 * A call's input as PostgREST reads it (ApiRequest.hs `getPayload`, Plan.hs `callReadPlan`): the
 * argument names, and what holds their values.
 */
interface CallInput {
  type: MediaType;
  /** The names the call gives: the JSON object's (first row's) keys, the form's or query string's names; none for a raw body. */
  keys: string[];
  /** Values by name from a query string or a form, in order (a variadic parameter gathers a repeated name's). */
  pairs?: [string, string][];
  /** A JSON document: the body as sent, a CSV body's rows. */
  json?: string;
  /** A text/plain, text/xml or application/octet-stream body. */
  raw?: Buffer;
}

/**
 * The keys of a JSON body (ApiRequest.hs `payloadAttributes`): an object's, the first object's of
 * an array whose objects all have the same keys (else PGRST102), none for an empty array; any
 * other value counts as an empty array, and is passed on as one.
 */
function jsonInput(text: string): CallInput {
  const type: MediaType = { kind: 'json' };
  // An empty body names no argument (PostgREST keeps the empty text as the document).
  if (text === '') return { type, keys: [], json: text };
  const body = parseJsonBody(text);
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(body)) return { type, keys: Object.keys(body), json: text };
  if (!Array.isArray(body)) return { type, keys: [], json: '[]' };
  const [first] = body;
  if (first === undefined) return { type, keys: [], json: text };
  const keys = isObject(first) ? Object.keys(first).sort() : undefined;
  const same = (v: unknown) => isObject(v) && Object.keys(v).sort().join('\0') === keys?.join('\0');
  if (!keys || !body.every(same)) throw invalidBody('All object keys must match');
  return { type, keys, json: text };
}

/** The input of a call: the query string (GET, HEAD), or the body by its Content-Type (POST). */
async function readCallInput(rc: RequestContext): Promise<CallInput> {
  if (rc.method !== 'POST') return { type: { kind: 'json' }, keys: [...new Set(rc.query.rpcArgs.map(([k]) => k))], pairs: rc.query.rpcArgs };
  const type = contentMediaType(rc.req.headers['content-type']);
  const supported = ['json', 'csv', 'urlencoded', 'text', 'xml', 'octet'];
  if (!supported.includes(type.kind)) throw invalidBody(`Content-Type not acceptable: ${toMime(type)}`);
  const body = await readRawBody(rc.req, rc.config.maxBodyBytes);
  if (RAW_BODY_TYPES[type.kind]) return { type, keys: [], raw: body };
  const text = body.toString('utf8');
  if (type.kind === 'urlencoded') {
    const pairs = [...new URLSearchParams(text)];
    return { type, keys: [...new Set(pairs.map(([k]) => k))], pairs };
  }
  if (type.kind === 'csv') {
    const rows = csvRows(text);
    return { type, keys: Object.keys(rows[0] ?? {}), json: JSON.stringify(rows) };
  }
  // `?columns=` names the arguments of a JSON body without PostgREST reading its keys.
  if (rc.query.columns) return { type, keys: rc.query.columns, json: text };
  return jsonInput(text);
}

function noRpc(rc: RequestContext, name: string, input: CallInput, all: Routine[]): ApiError {
  const fn = `${rc.schema}.${name}`;
  const keys = input.keys;
  const isPost = rc.method === 'POST';
  const rawType = isPost ? RAW_BODY_TYPES[input.type.kind] : undefined;
  const singleObject = rc.prefer.params === 'single-object';
  const prms = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
  const dets = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  // Error.hs `NoRpc`: a call that can only go to a single parameter names none, and has no hint.
  if (singleObject || rawType) {
    return new ApiError(404, 'PGRST202', `Could not find the function ${fn} in the schema cache`,
      `Searched for the function ${fn} with a single ${singleObject ? 'json/jsonb' : `unnamed ${rawType}`} parameter, but no matches were found in the schema cache.`);
  }
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
  const orJson = isPost && input.type.kind === 'json' ? ' or with a single unnamed json/jsonb parameter' : '';
  return new ApiError(404, 'PGRST202', `Could not find the function ${fn}${prms} in the schema cache`,
    `Searched for the function ${fn}${dets}${orJson}, but no matches were found in the schema cache.`, hint);
}

/**
 * Does a call with these argument names fit the function (Plan.hs `findProc`, `matchesParams`)?
 * With `Prefer: params=single-object`, any function of one json/jsonb parameter. Otherwise every
 * required parameter named and nothing else but optional ones; a function without parameters
 * fits a call without arguments, unless it sends a raw body (text, xml, bytes). An unnamed
 * parameter is named '' here, as there.
 */
function matchesParams(rc: RequestContext, r: Routine, input: CallInput): boolean {
  if (rc.prefer.params === 'single-object') return r.params.length === 1 && isJsonType(r.params[0]?.type ?? '');
  const keys = new Set(input.keys);
  if (r.params.length === 0) return keys.size === 0 && !(rc.method === 'POST' && RAW_BODY_TYPES[input.type.kind]);
  const required = new Set(r.params.filter((p) => !p.hasDefault).map((p) => p.name));
  const optional = new Set(r.params.filter((p) => p.hasDefault).map((p) => p.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.size && rest.every((k) => required.has(k));
}

/**
 * Can a POST give its whole body to the function (Plan.hs `hasSingleUnnamedParam`)? One unnamed
 * parameter whose type matches the Content-Type: json/jsonb for JSON, text for text/plain, xml for
 * text/xml, bytea for application/octet-stream. (PostgREST 12 did not check that the parameter is
 * unnamed, and then called the function without arguments; 14.2 fixed it, as here.)
 */
function takesWholeBody(rc: RequestContext, r: Routine, input: CallInput): boolean {
  const [p] = r.params;
  if (rc.method !== 'POST' || r.params.length !== 1 || !p || p.name !== '') return false;
  return input.type.kind === 'json' ? isJsonType(p.type) : RAW_BODY_TYPES[input.type.kind] === p.type;
}

function ambiguous(candidates: Routine[]): ApiError {
  const signature = (r: Routine) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
  return new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
}

/**
 * PostgREST's overload resolution (Plan.hs `findProc`): the overloads (in the schema cache's
 * order) whose parameters fit the argument names; failing that, on POST, a function whose one
 * unnamed parameter takes the whole body. More than one either way is PGRST203 (300), never a
 * guess left to Postgres (which would answer 42725). The one parameter of a function gets the
 * whole body when it is unnamed or `params=single-object` is preferred (`OnePosParam`).
 */
function pick(rc: RequestContext, name: string, all: Routine[], input: CallInput): { routine: Routine; whole: boolean } {
  const fitting = all.filter((r) => matchesParams(rc, r, input));
  const fallbacks = all.filter((r) => !fitting.includes(r) && takesWholeBody(rc, r, input));
  const candidates = fitting.length > 0 ? fitting : fallbacks;
  if (candidates.length > 1) throw ambiguous(candidates);
  const routine = candidates[0];
  if (!routine) throw noRpc(rc, name, input, all);
  const only = routine.params.length === 1 ? routine.params[0] : undefined;
  return { routine, whole: only !== undefined && (rc.prefer.params === 'single-object' || only.name === '') };
}

/**
 * Named values as one JSON object (CallPlan.hs `jsonRpcParams`): a repeated name's last value,
 * except for a variadic parameter, which gets them all as an array (`?v=a&v=b`).
 */
function jsonRpcParams(routine: Routine, pairs: [string, string][]): string {
  const variadic = new Set(routine.params.filter((p) => p.variadic).map((p) => p.name));
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const prev = out[k];
    out[k] = variadic.has(k) ? [...(Array.isArray(prev) ? prev : []), v] : v;
  }
  return JSON.stringify(out);
}

/**
 * The type an argument is read as (SchemaCache.hs, `ppTypeMaxLength`): `character` and `bit`
 * without their length limit, so a longer value is not cut to one character. A polymorphic type
 * (`anyelement`…) stays as it is and fails as in PostgREST (42P16: a column cannot be of a
 * pseudo-type).
 */
function argumentType(p: RoutineParam): string {
  const unlimited: Record<string, string> = { character: 'character varying', 'character[]': 'character varying[]', bit: 'bit varying', 'bit[]': 'bit varying[]' };
  return unlimited[p.type] ?? p.type;
}

/**
 * The FROM items of the call (QueryBuilder.hs `callPlanToQuery`): the function applied to the
 * whole body (cast to its one parameter's type; bytes as bytea), to nothing, or to named
 * arguments read from the JSON document with `json_to_record`, the first row of an array of
 * them with `json_to_recordset` (`fromJsonBodyF`). A variadic parameter is passed as `VARIADIC`.
 */
function callSql(routine: Routine, whole: boolean, input: CallInput, params: Params): string {
  const fn = qualified(routine.schema, routine.name);
  const document = () => input.json ?? jsonRpcParams(routine, input.pairs ?? []);
  if (whole) {
    const type = routine.params[0]?.type ?? 'json';
    if (input.raw) {
      return type === 'bytea' ? `${fn}(${params.add(`\\x${input.raw.toString('hex')}`)}::bytea)` : `${fn}(${params.add(input.raw.toString('utf8'))}::${type})`;
    }
    return `${fn}(${params.add(document())}::${type})`;
  }
  const given = new Set(input.keys);
  const specified = routine.params.filter((p) => given.has(p.name));
  if (specified.length === 0) return `${fn}()`;
  const doc = document();
  const types = specified.map((p) => `${ident(p.name)} ${argumentType(p)}`).join(', ');
  const callArgs = specified.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := "pgrst_args".${ident(p.name)}`).join(', ');
  const record = doc.trimStart().startsWith('{')
    ? `json_to_record(${params.add(doc)}::json) as "pgrst_args"(${types})`
    : `(select * from json_to_recordset(${params.add(doc)}::json) as "pgrst_args"(${types}) limit 1) as "pgrst_args"`;
  return `${record} cross join lateral ${fn}(${callArgs})`;
}

/** CSV: the columns PostgREST's call returns, which its header names (`funCReturning`, sorted). */
function csvHeaderSql(rc: RequestContext, routine: Routine): string {
  if (routine.kind === 'scalar') return `select null as "pgrst_scalar" from "pgrst_source"`;
  const names = embedNeeds(rc.cache, resultRelation(routine), rc.query.select, []);
  if (names.includes('*')) return `select * from "pgrst_source"`;
  return `select ${names.map((n) => `null as ${ident(n)}`).join(', ')} from "pgrst_source"`;
}

/** POST/GET/HEAD /rpc/<fn>. */
export async function handleRpc(rc: RequestContext, name: string, refresh: () => Promise<boolean>): Promise<void> {
  const input = await readCallInput(rc);
  let all = rc.cache.routinesNamed(rc.schema, name);
  if (all.length === 0 && (await refresh())) all = rc.cache.routinesNamed(rc.schema, name);
  const { routine, whole } = pick(rc, name, all, input);

  const params = new Params();
  const from = callSql(routine, whole, input, params);
  const readOnly = rc.method !== 'POST' || routine.volatility !== 'v';
  const callRef = ident(routine.name);
  // A void or single-value call is one row: PostgREST's page total is 1, and its count query
  // (exact or estimated) counts that row, so Content-Range is 0-0/1 when counted, 0-0/* otherwise.
  const oneRowRange = contentRange(0, 0, rpcCounts(rc.prefer.count) ? 1 : null);

  if (routine.kind === 'void') {
    const sql = `select 1 from ${from} as ${callRef}`;
    if (rc.accept.plan) return sendPlan(rc, readOnly, sql);
    await runStatement(rc, readOnly, sql);
    send(rc, 204, { ...baseHeaders(rc, false), 'Content-Range': oneRowRange });
    return;
  }
  if (routine.kind === 'scalar' && !routine.returnsSet) {
    // CSV and GeoJSON read the value as PostgREST's call names it ("pgrst_scalar").
    const sql = rc.accept.format === 'json'
      ? `select to_json(${callRef}.${callRef})::text as body from ${from} as ${callRef}`
      : envelope(`select * from "pgrst_source"`, null, {
        count: false, singular: false, stripNulls: false, withBody: true, format: rc.accept.format,
        source: `select ${callRef}.${callRef} as "pgrst_scalar" from ${from} as ${callRef}`,
      });
    if (rc.accept.plan) return sendPlan(rc, readOnly, sql);
    const row = (await runStatement<{ body: string | null }>(rc, readOnly, sql)).rows[0];
    send(rc, 200, { ...baseHeaders(rc), 'Content-Range': oneRowRange }, row?.body ?? 'null');
    return;
  }

  // Rows (setof scalar, composite, setof composite): filters, order, select and range apply.
  const root = rc.query.levels.get('') ?? { filters: [], logic: [] };
  const rel = resultRelation(routine);
  const readCtx: ReadContext = {
    cache: rc.cache, params, levels: rc.query.levels, used: new Set(['']), counter: { n: 0 }, aggregates: rc.config.aggregates,
    jsonbEmbeds: rc.accept.format === 'csv',
  };
  const select = routine.kind === 'scalar' ? [{ kind: 'field' as const, field: { name: routine.name, json: [] } }] : rc.query.select;
  // Rows of a table are read under the table's name, as PostgREST's read plan of a call names them.
  const rowRef = routine.kind === 'scalar' ? callRef : ident(rel.name);
  const s = shape(readCtx, rel, rowRef, select, root, []);
  checkPlan(readCtx);
  const page = routine.returnsSet ? rootPage(rc, root) : { offset: 0 };
  const where = s.where.length ? ` where ${s.where.join(' and ')}` : '';
  // The call is made once, in PostgREST's "pgrst_source" CTE: the rows and the count both read it
  // (a CTE read twice is materialized, so a counted call never runs the function twice).
  const rowsSql = `select ${s.cols} from "pgrst_source" as ${rowRef}${s.joins}${where}${s.group}${s.order}${limitSql(page)}`;
  const singular = rc.accept.singular || !routine.returnsSet;
  const count = rpcCountPlan(rc.prefer.count, `from "pgrst_source" as ${rowRef}${s.joins}${where}`);
  let sql = envelope(rowsSql, count.exact, {
    count: count.exact !== null, singular, stripNulls: rc.accept.stripNulls, withBody: rc.method !== 'HEAD',
    format: rc.accept.format, source: `select ${callRef}.* from ${from} as ${callRef}`, csvHeader: csvHeaderSql(rc, routine),
  });
  if (routine.kind === 'scalar') sql = sql.replace('json_agg("pgrst_r")', `json_agg("pgrst_r".${callRef})`);
  if (rc.accept.plan) return sendPlan(rc, readOnly, sql);
  type Called = { total: unknown; page_total: unknown; body: string | null };
  const check = resultCheck(rc);
  const { row, total } = await runCounted<Called>(rc, readOnly, sql, count, check && ((r) => check(toCount(r?.page_total) ?? 0)));
  const pageTotal = toCount(row?.page_total) ?? 0;
  const { status, range } = readStatus(page, pageTotal, total);
  send(rc, status, { ...baseHeaders(rc), 'Content-Range': range }, row?.body ?? 'null');
}
