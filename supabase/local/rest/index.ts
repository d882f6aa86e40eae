import type { Handler, StackContext } from '../contracts.ts';
import { createAuthenticator, type RequestAuth } from './auth.ts';
import { readConfig } from './config.ts';
import { ApiError, UnknownColumn, sendError, toApiError } from './errors.ts';
import { ClientGone, parsePrefer } from './http.ts';
import { handleRead } from './handlers/read.ts';
import { handleRpc } from './handlers/rpc.ts';
import { handleWrite } from './handlers/write.ts';
import { negotiate } from './media.ts';
import { openApi } from './openapi.ts';
import { parseQuery } from './parse/query.ts';
import { baseHeaders, send, type RequestContext } from './request.ts';
import { closest, SchemaCache } from './schema-cache.ts';

/** How often an unknown table or function may trigger a schema reload before answering 404. */
const RELOAD_INTERVAL_MS = 1000;

/** /rest/v1, PostgREST-compatible: every request is one transaction under the caller's role. */
export function createRest(ctx: StackContext): { handler: Handler; reloadSchema(): Promise<void> } {
  const config = readConfig(ctx.config);
  const cache = new SchemaCache(config.schemas, config.extraSearchPath);
  const authenticate = createAuthenticator(ctx.keys, ctx.endedSessions);
  let loading: Promise<void> | null = null;

  const reloadSchema = async (): Promise<void> => {
    loading ??= cache.load(ctx.db).finally(() => { loading = null; });
    await loading;
  };
  /** Reload when the cache is older than the interval; true when it did. */
  const refresh = async (): Promise<boolean> => {
    if (Date.now() - cache.loadedAt < RELOAD_INTERVAL_MS) return false;
    await reloadSchema();
    return true;
  };

  function pickSchema(rc: { method: string; req: RequestContext['req'] }): string {
    const header = rc.method === 'GET' || rc.method === 'HEAD' ? rc.req.headers['accept-profile'] : rc.req.headers['content-profile'];
    const wanted = (Array.isArray(header) ? header[0] : header)?.trim();
    if (wanted === undefined || wanted === '') return config.schemas[0] ?? 'public';
    if (!config.schemas.includes(wanted)) {
      throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${config.schemas.join(', ')}`);
    }
    return wanted;
  }

  /** Answers a routed request: the API description, a function call, or a table or view. */
  async function route(rc: RequestContext, segments: string[]): Promise<void> {
    const { method, schema } = rc;
    if (segments.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      const doc = JSON.stringify(openApi(cache, schema, rc.req.headers.host));
      send(rc, 200, baseHeaders(rc), doc);
      return;
    }
    if (segments.length === 2 && segments[0] === 'rpc') {
      if (!['GET', 'HEAD', 'POST'].includes(method)) throw new ApiError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      await handleRpc(rc, segments[1] ?? '', refresh);
      return;
    }
    const name = segments[0] ?? '';
    let rel = cache.relation(schema, name);
    if (!rel && (await refresh())) rel = cache.relation(schema, name);
    if (!rel) {
      const names = [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name);
      const s = closest(name, names);
      throw new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null,
        s ? `Perhaps you meant the table '${schema}.${s}'` : null);
    }
    if (method === 'GET' || method === 'HEAD') await handleRead(rc, rel);
    else if (method === 'POST' || method === 'PATCH' || method === 'DELETE') await handleWrite(rc, rel);
    else if (method === 'PUT') {
      throw new ApiError(400, 'PGRST127', 'Feature not implemented', 'PUT is not supported by the local stack; use POST with Prefer: resolution=merge-duplicates');
    } else throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }

  const handler: Handler = async (req, res) => {
    let auth: RequestAuth | undefined;
    // The client gone before the answer: queued work is skipped, a running statement cancelled.
    const abort = new AbortController();
    res.once('close', () => { if (!res.writableFinished) abort.abort(new ClientGone()); });
    try {
      const method = (req.method ?? 'GET').toUpperCase();
      if (method === 'OPTIONS') {
        res.writeHead(200, { Allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE', 'Content-Length': 0 });
        res.end();
        return;
      }
      if (!cache.loadedAt) await reloadSchema();
      // Not `new URL(req.url, base)`: a path like `//x` would be read as a host.
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const url = new URL('http://localhost');
      url.pathname = q < 0 ? raw : raw.slice(0, q);
      url.search = q < 0 ? '' : raw.slice(q);
      auth = await authenticate(req, url, cache);
      const schema = pickSchema({ method, req });
      let segments: string[];
      try {
        segments = url.pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
      } catch {
        throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
      }
      const isRpc = segments.length === 2 && segments[0] === 'rpc';
      if (segments.length > 1 && !isRpc) throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
      const rc: RequestContext = {
        req, res, url, method, schema, auth,
        accept: negotiate(req.headers.accept, { planEnabled: config.planEnabled, root: segments.length === 0 }),
        prefer: parsePrefer(req.headers.prefer, config.txEnd),
        query: parseQuery(url.searchParams, isRpc),
        cache, db: ctx.db, config, clientIp: ctx.clientIp(req), signal: abort.signal,
      };
      try {
        await route(rc, segments);
      } catch (e) {
        // A column added since the cache was read: reload once and answer again (bodiless
        // requests only; a body has been read by now).
        const bodiless = method === 'GET' || method === 'HEAD' || method === 'DELETE';
        if (!(e instanceof UnknownColumn && bodiless && (await refresh()))) throw e;
        await route(rc, segments);
      }
    } catch (e) {
      if (abort.signal.aborted || e instanceof ClientGone) {
        // Nobody is left to answer; a cancelled statement is not a server error.
        if (!res.destroyed) res.destroy();
        return;
      }
      const err = toApiError(e, auth?.authed ?? false);
      // A statement timeout (57014) is the caller's heavy query, answered as PostgREST does (500).
      if (err.status >= 500 && err.code !== '57014') console.error('[rest] internal error:', e);
      if (res.headersSent) {
        res.end();
        return;
      }
      sendError(res, err);
      // A refused oversized body is not read further; stop the client sending it.
      if (err.status === 413) req.resume();
    }
  };

  return { handler, reloadSchema };
}
