import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireAdmin, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson, validationFailed } from '../http.ts';
import { paginate, paginationHeaders } from '../pagination.ts';

/**
 * GoTrue's admin OAuth 2.1 server client management (supabase/auth internal/api/oauthserver):
 * POST|GET /admin/oauth/clients, GET|PUT|DELETE /admin/oauth/clients/{client_id} and
 * POST /admin/oauth/clients/{client_id}/regenerate_secret, for the service role, when
 * [auth.oauth_server] enabled. Rows in auth.oauth_clients (platform/56_auth_oauth_clients.sql):
 * a confidential client keeps only the SHA-256 of its secret, which is answered once, on
 * registration and on each regeneration. A deleted client keeps its row with deleted_at set.
 * Dynamic registration (POST /oauth/clients/register) and the authorization endpoints are not served.
 */

type Handler = (ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id?: string) => Promise<void>;

/** The route for a request under /admin/oauth, or null for any other path. */
export function oauthClientRoute(method: string, path: string): { fn: Handler; id?: string } | null {
  if (path !== '/admin/oauth' && !path.startsWith('/admin/oauth/')) return null;
  let found: { fn: Handler; id?: string } | null = null;
  if (path === '/admin/oauth/clients') {
    found = method === 'POST' ? { fn: create } : method === 'GET' ? { fn: list } : null;
  } else {
    const m = /^\/admin\/oauth\/clients\/([^/]+)(\/regenerate_secret)?$/.exec(path);
    const fn = !m ? undefined : m[2] ? (method === 'POST' ? regenerate : undefined) : ({ GET: get, PUT: update, DELETE: remove } as Record<string, Handler>)[method];
    if (m && fn) found = { fn, id: m[1] };
  }
  return { fn: guarded(found), id: found?.id };
}

/** GoTrue's /admin group checks the caller first, then requireOAuthServerEnabled, then the route. */
const guarded = (found: { fn: Handler } | null): Handler => async (ctx, req, res, id) => {
  await requireAdmin(ctx, req);
  if (!ctx.cfg.oauthServerEnabled) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
  if (!found) throw new AuthError(404, 'not_found', 'Not Found');
  return found.fn(ctx, req, res, id);
};

interface ClientRow {
  id: string;
  client_type: 'public' | 'confidential';
  registration_type: string;
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, client_type::text as client_type, registration_type::text as registration_type,
  token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at`;

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
/** GoTrue keeps lists comma-joined in one text column and splits them back. */
const split = (s: string) => (s ? s.split(',') : []);
const goList = (xs: string[]) => `[${xs.join(' ')}]`;
const notFound = () => new AuthError(404, 'oauth_client_not_found', 'OAuth client not found');
const invalidJson = () => new AuthError(400, 'bad_json', 'Invalid JSON body');

/** GoTrue's OAuthServerClientResponse: empty fields left out, response_types always ["code"]. */
function clientJson(row: ClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { client_id: row.id };
  if (secret) out.client_secret = secret;
  out.client_type = row.client_type;
  const uris = split(row.redirect_uris);
  if (uris.length) out.redirect_uris = uris;
  if (row.token_endpoint_auth_method) out.token_endpoint_auth_method = row.token_endpoint_auth_method;
  const grants = split(row.grant_types);
  if (grants.length) out.grant_types = grants;
  out.response_types = ['code'];
  if (row.client_name) out.client_name = row.client_name;
  if (row.client_uri) out.client_uri = row.client_uri;
  if (row.logo_uri) out.logo_uri = row.logo_uri;
  if (row.registration_type) out.registration_type = row.registration_type;
  out.created_at = iso(row.created_at);
  out.updated_at = iso(row.updated_at);
  return out;
}

/** A new secret (32 random bytes, base64url) and the hash stored for it, as GoTrue's hashClientSecret. */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

// --- request bodies, decoded as Go's encoding/json would into GoTrue's param structs ------------

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    return await readJson(req);
  } catch (e) {
    if (e instanceof AuthError && e.errorCode === 'bad_json') throw invalidJson();
    throw e;
  }
}

/** A string field: absent or null is "not given"; any other type fails to decode. */
function str(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidJson();
  return v;
}

/** A []string field: absent or null is "not given"; a null element decodes to "". */
function strList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw invalidJson();
  return v.map((x) => {
    if (x === null) return '';
    if (typeof x !== 'string') throw invalidJson();
    return x;
  });
}

// --- Go's net/url, as far as GoTrue's checks depend on it --------------------------------------

const validPort = (p: string) => p === '' || /^:\d*$/.test(p);
const badEscape = (s: string) => /%(?![0-9a-fA-F]{2})/.test(s);

/** url.parseHost: a port of digits only, and only the characters Go admits in a host name. */
function parseHost(host: string): string | null {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0 || !validPort(host.slice(i + 1))) return null;
  } else {
    const i = host.lastIndexOf(':');
    if (i >= 0 && !validPort(host.slice(i))) return null;
  }
  for (let i = 0; i < host.length; i++) {
    const c = host[i]!;
    if (c === '%') {
      const hex = host.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex) || (parseInt(hex[0]!, 16) < 8 && hex !== '25')) return null;
      i += 2;
    } else if (host.charCodeAt(i) < 0x80 && !/[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]/.test(c)) {
      return null;
    }
  }
  return host;
}

/** url.Hostname: the host without its port and IPv6 brackets. */
function hostname(host: string): string {
  let h = host;
  const colon = h.lastIndexOf(':');
  if (colon >= 0 && validPort(h.slice(colon))) h = h.slice(0, colon);
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/** url.Parse (viaRequest false) or url.ParseRequestURI (true): scheme, host and fragment, or null for Go's parse errors. */
function goParse(raw: string, viaRequest: boolean): { scheme: string; host: string; fragment: string } | null {
  let rest = raw;
  let fragment = '';
  if (!viaRequest) {
    const hash = raw.indexOf('#');
    if (hash >= 0) [rest, fragment] = [raw.slice(0, hash), raw.slice(hash + 1)];
    if (badEscape(fragment)) return null;
  }
  if (/[\x00-\x1f\x7f]/.test(rest)) return null;
  if (rest === '') return viaRequest ? null : { scheme: '', host: '', fragment };
  if (rest === '*') return { scheme: '', host: '', fragment };
  let scheme = '';
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) break;
      continue;
    }
    if (c === ':') {
      if (i === 0) return null; // missing protocol scheme
      scheme = rest.slice(0, i).toLowerCase();
      rest = rest.slice(i + 1);
    }
    break;
  }
  const q = rest.indexOf('?');
  if (q >= 0) rest = rest.slice(0, q);
  if (!rest.startsWith('/')) {
    if (scheme) return { scheme, host: '', fragment }; // opaque, as mailto:x
    if (viaRequest) return null;
    if (rest.split('/')[0]!.includes(':')) return null; // first path segment cannot contain colon
  }
  let host = '';
  if ((scheme || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    const after = rest.slice(2);
    const slash = after.indexOf('/');
    const authority = slash < 0 ? after : after.slice(0, slash);
    rest = slash < 0 ? '' : after.slice(slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo) || badEscape(userinfo)) return null;
    }
    const h = parseHost(at >= 0 ? authority.slice(at + 1) : authority);
    if (h === null) return null;
    host = h;
  }
  if (badEscape(rest)) return null;
  return { scheme, host, fragment };
}

// --- GoTrue's validators: each answers its message, or null -----------------------------------

/** validateRedirectURI (OAuth 2.1: absolute, no fragment, http only for loopback). */
function redirectUriError(uri: string): string | null {
  if (uri === '') return 'redirect URI cannot be empty';
  const u = goParse(uri, false);
  if (!u) return 'invalid URL format';
  if (!u.scheme || !u.host) return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(u.scheme)) return `scheme '${u.scheme}' is not allowed for security reasons`;
  if (u.scheme === 'http' && !['localhost', '127.0.0.1', '::1'].includes(hostname(u.host))) return 'HTTP scheme only allowed for localhost';
  if (u.fragment) return 'fragment not allowed in redirect URI';
  return null;
}

function redirectUrisError(uris: string[], required: boolean): string | null {
  if (required && !uris.length) return 'redirect_uris is required';
  if (!uris.length) return 'redirect_uris cannot be empty';
  if (uris.length > 10) return 'redirect_uris cannot exceed 10 items';
  for (const uri of uris) {
    const e = redirectUriError(uri);
    if (e) return `invalid redirect_uri '${uri}': ${e}`;
  }
  return null;
}

function grantTypesError(grants: string[]): string | null {
  if (!grants.length) return 'grant_types cannot be empty';
  if (grants.some((g) => !GRANT_TYPES.includes(g))) return "grant_types must only contain 'authorization_code' and/or 'refresh_token'";
  return null;
}

/** Go measures strings in bytes. */
function clientNameError(name: string): string | null {
  return Buffer.byteLength(name) > 1024 ? 'client_name cannot exceed 1024 characters' : null;
}

function uriError(field: 'client_uri' | 'logo_uri', uri: string): string | null {
  if (uri === '') return null;
  if (Buffer.byteLength(uri) > 2048) return `${field} cannot exceed 2048 characters`;
  return goParse(uri, true) ? null : `${field} must be a valid URL`;
}

const inferClientType = (method: string) => (method === 'none' ? 'public' : 'confidential');
const methodsFor = (clientType: string) => (clientType === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post']);

// --- handlers ------------------------------------------------------------------------------------

/** LoadOAuthServerClient: gofrs' uuid.FromString (canonical, bare hex, braced, urn:uuid:), then a live row. */
async function load(ctx: AuthCtx, raw: string | undefined): Promise<ClientRow> {
  let s = '';
  try {
    s = decodeURIComponent(raw ?? '');
  } catch {
    /* not percent-encoded text: refused below */
  }
  if (!s) throw validationFailed('client_id is required');
  let b = s;
  if (b.length === 34 || b.length === 38) b = b.startsWith('{') && b.endsWith('}') ? b.slice(1, -1) : '';
  else if (b.length === 41 || b.length === 45) b = b.startsWith('urn:uuid:') ? b.slice(9) : '';
  const hex = /^[0-9a-f]{32}$/i.test(b)
    ? b
    : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(b) ? b.replaceAll('-', '') : null;
  if (!hex) throw validationFailed('invalid client_id format');
  const id = hex.toLowerCase().replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  const r = await ctx.db.query<ClientRow>(`select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null`, [id]);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** POST /admin/oauth/clients: AdminOAuthServerClientRegister (registration_type manual), 201. */
async function create(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const b = await body(req);
  const redirectUris = strList(b.redirect_uris) ?? [];
  const grantTypes = strList(b.grant_types) ?? [];
  const givenType = str(b.client_type) ?? '';
  const givenMethod = str(b.token_endpoint_auth_method) ?? '';
  const name = str(b.client_name) ?? '';
  const clientUri = str(b.client_uri) ?? '';
  const logoUri = str(b.logo_uri) ?? '';

  // GoTrue wraps the validator's HTTPError in a new one, so its message carries "400: ".
  const error =
    redirectUrisError(redirectUris, true) ??
    (grantTypes.length ? grantTypesError(grantTypes) : null) ??
    clientNameError(name) ??
    uriError('client_uri', clientUri) ??
    uriError('logo_uri', logoUri) ??
    (givenType && givenType !== 'public' && givenType !== 'confidential' ? "client_type must be 'public' or 'confidential'" : null) ??
    (givenMethod && !AUTH_METHODS.includes(givenMethod) ? `token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}` : null) ??
    (givenType && givenMethod && givenType !== inferClientType(givenMethod)
      ? `client_type '${givenType}' is inconsistent with token_endpoint_auth_method '${givenMethod}' (expected client_type '${inferClientType(givenMethod)}')`
      : null);
  if (error) throw validationFailed(`400: ${error}`);

  const clientType = givenType || (givenMethod ? inferClientType(givenMethod) : 'confidential');
  const method = givenMethod || (clientType === 'public' ? 'none' : 'client_secret_basic');
  const secret = clientType === 'confidential' ? newSecret() : null;
  const r = await ctx.db.query<ClientRow>(
    `insert into auth.oauth_clients
       (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri)
     values ($1, $2, 'manual', $3::auth.oauth_client_type, $4, $5, $6, $7, $8, $9)
     returning ${COLUMNS}`,
    [
      randomUUID(), secret?.hash ?? null, clientType, method, redirectUris.join(','),
      (grantTypes.length ? grantTypes : GRANT_TYPES).join(','), name || null, clientUri || null, logoUri || null,
    ],
  );
  sendJson(res, 201, clientJson(r.rows[0]!, secret?.secret));
}

/**
 * GET /admin/oauth/clients?page=&per_page=: live clients, newest first, as { clients, aud }, paged
 * as GoTrue pages /admin/users (x-total-count, and a link header built from the request's query
 * with page replaced).
 */
async function list(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const paging = paginate(req.url);
  const { page, perPage } = paging;
  const total = await ctx.db.query<{ n: string | number }>(`select count(*) as n from auth.oauth_clients where deleted_at is null`);
  const rows = await ctx.db.query<ClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc, id desc limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const count = Number(total.rows[0]?.n ?? 0);
  sendJson(res, 200, { clients: rows.rows.map((row) => clientJson(row)), aud: 'authenticated' }, paginationHeaders('/admin/oauth/clients', paging, count));
}

/** GET /admin/oauth/clients/{client_id}: never the secret. */
async function get(ctx: AuthCtx, _req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  sendJson(res, 200, clientJson(await load(ctx, id)));
}

/**
 * PUT /admin/oauth/clients/{client_id}: only the fields given (redirect_uris, grant_types,
 * client_name, client_uri, logo_uri, token_endpoint_auth_method); "" clears a name or URI.
 */
async function update(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  const client = await load(ctx, id);
  const b = await body(req);
  const redirectUris = strList(b.redirect_uris);
  const grantTypes = strList(b.grant_types);
  const name = str(b.client_name);
  const clientUri = str(b.client_uri);
  const logoUri = str(b.logo_uri);
  const method = str(b.token_endpoint_auth_method);
  if ([redirectUris, grantTypes, name, clientUri, logoUri, method].every((v) => v === undefined)) {
    throw validationFailed('No fields provided for update');
  }
  const error =
    (redirectUris ? redirectUrisError(redirectUris, false) : null) ??
    (grantTypes ? grantTypesError(grantTypes) : null) ??
    (name !== undefined ? clientNameError(name) : null) ??
    (clientUri !== undefined ? uriError('client_uri', clientUri) : null) ??
    (logoUri !== undefined ? uriError('logo_uri', logoUri) : null) ??
    (method !== undefined && !AUTH_METHODS.includes(method) ? `invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}` : null);
  if (error) throw validationFailed(error);
  if (method !== undefined && !methodsFor(client.client_type).includes(method)) {
    throw validationFailed(
      `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: ${goList(methodsFor(client.client_type))}`,
    );
  }

  const sets: string[] = [];
  const params: unknown[] = [client.id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (redirectUris) set('redirect_uris', redirectUris.join(','));
  if (grantTypes) set('grant_types', grantTypes.join(','));
  if (name !== undefined) set('client_name', name || null);
  if (clientUri !== undefined) set('client_uri', clientUri || null);
  if (logoUri !== undefined) set('logo_uri', logoUri || null);
  if (method !== undefined) set('token_endpoint_auth_method', method);
  const r = await ctx.db.query<ClientRow>(
    `update auth.oauth_clients set ${sets.join(', ')}, updated_at = now() where id = $1 and deleted_at is null returning ${COLUMNS}`,
    params,
  );
  if (!r.rows[0]) throw notFound(); // deleted meanwhile
  sendJson(res, 200, clientJson(r.rows[0]));
}

/** DELETE /admin/oauth/clients/{client_id}: a soft delete (deleted_at), 204 with no body. */
async function remove(ctx: AuthCtx, _req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  const client = await load(ctx, id);
  await ctx.db.query(`update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1 and deleted_at is null`, [client.id]);
  res.writeHead(204);
  res.end();
}

/** POST /admin/oauth/clients/{client_id}/regenerate_secret: a new secret, answered once; the old one stops matching. */
async function regenerate(ctx: AuthCtx, _req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  const client = await load(ctx, id);
  if (client.client_type !== 'confidential') throw validationFailed('Cannot regenerate secret for public client');
  const { secret, hash } = newSecret();
  const r = await ctx.db.query<ClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 and deleted_at is null returning ${COLUMNS}`,
    [client.id, hash],
  );
  if (!r.rows[0]) throw notFound();
  sendJson(res, 200, clientJson(r.rows[0], secret));
}
