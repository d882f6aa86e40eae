import type { IncomingMessage } from 'node:http';
import { JwtError, type EndedSessions, type JwtClaims, type Keys } from '../contracts.ts';
import { ApiError } from './errors.ts';
import type { SchemaCache } from './schema-cache.ts';

export interface RequestAuth {
  role: string;
  claims: JwtClaims;
  /** PostgREST's "authenticated": the request's role is not the anonymous role (42501 → 403, else 401). */
  authed: boolean;
}

/** Gateway-level answers (Supabase's API gateway, before PostgREST): no body code, just message and hint. */
class GatewayError extends ApiError {
  override body(): string {
    return JSON.stringify({ message: this.message, hint: this.hint });
  }
}

const MAX_CACHED = 1000;

/** PostgREST's answer to a JWT it will not take (401, PGRST301/PGRST303, WWW-Authenticate). */
function invalidToken(code: 'PGRST301' | 'PGRST303', message: string): ApiError {
  return new ApiError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

/**
 * Verifies the request's keys like Supabase's gateway plus PostgREST: `apikey` must be one of the
 * project's keys; `Authorization: Bearer` (else the apikey itself) gives the claims and the role.
 * Verified tokens are cached until they expire (PostgREST keeps a JWT cache too). A user token
 * whose session has ended (sign-out, refresh-token reuse, a banned or deleted user) is refused,
 * cached or not: hosted Supabase accepts it until it expires, the local stack does not.
 */
export function createAuthenticator(keys: Keys, endedSessions: Pick<EndedSessions, 'has'>) {
  const cache = new Map<string, JwtClaims>();

  async function verify(token: string): Promise<JwtClaims> {
    let claims = cache.get(token);
    if (!claims || (claims.exp !== undefined && claims.exp <= Date.now() / 1000)) {
      try {
        claims = await keys.verify(token);
      } catch (e) {
        if (e instanceof JwtError) throw invalidToken(e.code, e.message);
        throw e;
      }
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(token, claims);
    }
    // A lookup in memory, no query: the set follows the sessions /auth/v1 and SQL end.
    if (endedSessions.has(claims.session_id)) throw invalidToken('PGRST303', 'JWT session has ended');
    return claims;
  }

  return async function authenticate(req: IncomingMessage, url: URL, schemaCache: SchemaCache): Promise<RequestAuth> {
    const header = req.headers.apikey;
    // The Supabase CLI's gateway checks no key: a request without one reaches PostgREST, which runs
    // it as its bearer token's role, or as anon. A key that is sent must be one of the project's.
    const apikey = (Array.isArray(header) ? header[0] : header) || url.searchParams.get('apikey') || keys.anonKey;
    if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
      throw new GatewayError(401, '', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.');
    }
    const authorization = req.headers.authorization;
    let token = apikey;
    if (authorization !== undefined) {
      const m = /^bearer(?:\s+(.*))?$/i.exec(authorization.trim());
      if (m) {
        token = (m[1] ?? '').trim();
        if (token === '') {
          throw invalidToken('PGRST301', 'Empty JWT is sent in Authorization header');
        }
      }
    }
    const claims = await verify(token);
    const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
    const authed = role !== 'anon';
    if (!schemaCache.roles.has(role)) {
      // What Postgres answers PostgREST's `set_config('role', …)` for this role.
      if (schemaCache.allRoles.has(role)) throw new ApiError(authed ? 403 : 401, '42501', `permission denied to set role "${role}"`);
      throw new ApiError(401, '22023', `role "${role}" does not exist`, null, null, { 'WWW-Authenticate': 'Bearer' });
    }
    return { role, claims, authed };
  };
}
