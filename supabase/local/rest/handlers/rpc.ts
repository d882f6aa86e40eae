import { ApiError } from '../errors.ts';
import { invalidBody, parseJsonBody, readBody } from '../http.ts';
import { closest, resultRelation, type Routine } from '../schema-cache.ts';
import { Params, ident, qualified } from '../sql/ident.ts';
import { checkUnusedLevels, envelope, limitSql, shape, type ReadContext } from '../sql/read.ts';
import { baseHeaders, runStatement, send, singularError, toCount, type RequestContext } from '../request.ts';
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

/** Overload resolution by argument names (PostgREST's): every key a parameter, every required parameter given. */
function pick(rc: RequestContext, name: string, all: Routine[], keys: string[]): { routine: Routine; whole: boolean } {
  const named = all.filter((r) => {
    const names = new Set(r.params.map((p) => p.name));
    return keys.every((k) => names.has(k)) && r.params.every((p) => p.hasDefault || keys.includes(p.name)) && !r.params.some((p) => p.name === '');
  });
  if (named.length === 1 && named[0]) return { routine: named[0], whole: false };
  if (named.length > 1) {
    throw new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${named.map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  const single = all.find(singleJsonParam);
  if (single) return { routine: single, whole: true };
  throw noRpc(rc, name, keys, all);
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

  if (routine.kind === 'void') {
    await runStatement(rc, readOnly, `select 1 from ${from} as ${callRef}`);
    send(rc, 204, baseHeaders(rc, false));
    return;
  }
  if (routine.kind === 'scalar' && !routine.returnsSet) {
    const sql = `select to_json(${callRef}.${callRef})::text as body from ${from} as ${callRef}`;
    const row = (await runStatement<{ body: string | null }>(rc, readOnly, sql)).rows[0];
    send(rc, 200, { ...baseHeaders(rc), 'Content-Range': '0-0/*' }, row?.body ?? 'null');
    return;
  }

  // Rows (setof scalar, composite, setof composite): filters, order, select and range apply.
  const root = rc.query.levels.get('') ?? { filters: [], logic: [] };
  const rel = resultRelation(routine);
  const readCtx: ReadContext = { cache: rc.cache, params, levels: rc.query.levels, used: new Set(['']), counter: { n: 0 } };
  const select = routine.kind === 'scalar' ? [{ kind: 'field' as const, field: { name: routine.name, json: [] } }] : rc.query.select;
  const s = shape(readCtx, rel, callRef, select, root, []);
  checkUnusedLevels(readCtx);
  const page = routine.returnsSet ? rootPage(rc, root) : { offset: 0 };
  const where = s.where.length ? ` where ${s.where.join(' and ')}` : '';
  const rowsSql = `select ${s.cols} from ${from} as ${callRef}${s.joins}${where}${s.order}${limitSql(page)}`;
  const singular = rc.accept.singular || !routine.returnsSet;
  let sql = envelope(rowsSql, `select count(*) from ${from} as ${callRef}${s.joins}${where}`, {
    count: rc.prefer.count !== undefined, singular, stripNulls: rc.accept.stripNulls, withBody: rc.method !== 'HEAD',
  });
  if (routine.kind === 'scalar') sql = sql.replace('json_agg("pgrst_r")', `json_agg("pgrst_r".${callRef})`);
  const row = (await runStatement<{ total: unknown; page_total: unknown; body: string | null }>(rc, readOnly, sql)).rows[0];
  const pageTotal = toCount(row?.page_total) ?? 0;
  if (rc.accept.singular && pageTotal !== 1) throw singularError(pageTotal);
  const { status, range } = readStatus(page, pageTotal, toCount(row?.total));
  send(rc, status, { ...baseHeaders(rc), 'Content-Range': range }, row?.body ?? 'null');
}
