/**
 * The seams between the parts of the local Supabase stack (platform, /rest/v1, /auth/v1).
 * Each part depends only on these types, so the parts can be built and tested separately.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One result of a SQL statement, the same shape for PGlite and node-postgres. */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  /** Rows inserted, updated or deleted by the statement (undefined for SELECT on some drivers). */
  affectedRows?: number;
}

/** A connection inside one open transaction. */
export interface Tx {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /**
   * Runs several `;`-separated statements (no parameters) in ONE round trip over the simple query
   * protocol and returns one result per statement. Inline values with `quoteLiteral`.
   */
  exec(sql: string): Promise<QueryResult[]>;
}

/**
 * Per-request transaction settings. The adapter sends `begin [read only]` and every
 * `set_config(name, value, true)` as ONE round trip before the callback runs, so a transaction
 * costs three round trips (settings, statement, commit); `requestStatement` costs one. `role` is
 * a valid name here (`set_config('role', 'authenticated', true)` is what PostgREST itself does).
 */
export interface RequestTxOptions {
  readOnly?: boolean;
  /** Ordered: e.g. { role, 'request.jwt.claims': json, 'request.method': 'GET', search_path }. */
  settings?: Record<string, string>;
  /**
   * The client went away: work not started yet is skipped (throws the signal's reason) and, on
   * PostgreSQL, a statement still running is cancelled and its connection not reused.
   */
  signal?: AbortSignal;
}

/** A one-statement request transaction; `rollback` ends it with ROLLBACK instead of COMMIT. */
export interface StatementOptions extends RequestTxOptions {
  rollback?: boolean;
}

/**
 * The database the stack runs on. `query` and `transaction` run as the database owner (a superuser
 * on PGlite); request handlers must `set local role` inside a transaction before running user SQL.
 * Errors thrown are the driver's Postgres errors: they carry `code` (SQLSTATE), `message`,
 * `detail`, `hint` and `position` on both engines.
 */
export interface Db {
  readonly engine: 'pglite' | 'postgres';
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** `transaction` with `begin [read only]` and settings applied in the same round trip as BEGIN. */
  requestTransaction<T>(options: RequestTxOptions, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement (no parameters: values inlined with `quoteLiteral`) in its own request
   * transaction, sent with its BEGIN, settings and COMMIT as one text: one round trip instead of
   * three. For requests that need nothing between the statement and the commit.
   */
  requestStatement<Row = Record<string, unknown>>(options: StatementOptions, sql: string): Promise<QueryResult<Row>>;
  /** Multi-statement text outside a transaction (simple protocol, one round trip). */
  exec(sql: string): Promise<QueryResult[]>;
  /**
   * LISTEN on `channel` (lowercase, unquoted) outside any request's transaction: a dedicated
   * connection on PostgreSQL, PGlite's one connection. `onNotify` gets each payload after commit,
   * in commit order; a throwing listener is contained. After a dropped PostgreSQL connection comes
   * back, `onReconnect` runs (notifications sent meanwhile are lost). Returns the UNLISTEN.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** JWT claims as Supabase issues them; `role` selects the Postgres role of a request. */
export interface JwtClaims {
  role: string;
  sub?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  iss?: string;
  email?: string;
  session_id?: string;
  aal?: 'aal1' | 'aal2';
  [claim: string]: unknown;
}

/** Thrown by `Keys.verify`: a token PostgREST/GoTrue would reject, with PostgREST's code. */
export class JwtError extends Error {
  constructor(
    /** PGRST301 (malformed / bad signature / unsupported alg) or PGRST303 (claims invalid, e.g. expired). */
    readonly code: 'PGRST301' | 'PGRST303',
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

/** Key handling shared by /rest/v1 (verifies) and /auth/v1 (signs user tokens, publishes JWKS). */
export interface Keys {
  /** The anon and service_role API keys (HS256 JWTs like the Supabase CLI's local ones). */
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** Verifies an HS256 API key or an asymmetric user token (by `kid`); throws JwtError. */
  verify(token: string): Promise<JwtClaims>;
  /** Signs a user access token with the asymmetric key (ES256, or `[auth] signing_keys_path`'s first; with `kid`). */
  signAccessToken(claims: JwtClaims): Promise<string>;
  /** The public JSON Web Key Set served at /auth/v1/.well-known/jwks.json. */
  jwks(): { keys: Record<string, unknown>[] };
}

/** A Node/connect-style handler; the mount prefix (/rest/v1, /auth/v1) is already stripped from req.url. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Sessions that ended before their access tokens expire (sign-out, refresh-token reuse, a deleted
 * or banned user). Synchronous lookups from memory (ended-sessions.ts), so no query per request.
 */
export interface EndedSessions {
  /** True when `sessionId` (a JWT's session_id claim) belongs to a session that has ended. */
  has(sessionId: unknown): boolean;
  /** Picks up sessions ended since the last read; /auth/v1 awaits it after ending sessions. */
  refresh(): Promise<void>;
  /** Called with the ids of newly ended sessions (Realtime stops their channels). */
  subscribe(listener: (sessionIds: string[]) => void): () => void;
  close(): void;
}

/** Redirect and origin allow-list from `[auth] site_url` and `additional_redirect_urls` (origins.ts). */
export interface UrlPolicy {
  /** A redirect target for e-mailed links. User-info never passes; `*` stays inside its component. */
  isAllowedRedirect(url: string): boolean;
  /** A browser `Origin` (`scheme://host[:port]`) that may call the stack (CORS, WebSocket). */
  isAllowedOrigin(origin: string): boolean;
}

/** What each service factory receives. `config` is supabase/config.toml parsed (snake_case keys as in the file). */
export interface StackContext {
  db: Db;
  keys: Keys;
  config: Record<string, unknown>;
  endedSessions: EndedSessions;
  urls: UrlPolicy;
  /** The caller's address: the socket peer, or forwarded addresses only from `[api] trusted_proxies`. */
  clientIp(req: IncomingMessage): string;
  /**
   * The stack's public base URL without a trailing slash (e-mailed links, tokens' `iss`):
   * `[api] external_url`, else what the listener announced, else http://127.0.0.1:<[api] port>.
   * Never derived from request headers (public-url.ts).
   */
  publicUrl(): string;
}
