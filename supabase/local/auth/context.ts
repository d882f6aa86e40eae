import type { IncomingMessage } from 'node:http';
import { JwtError, type JwtClaims, type StackContext } from '../contracts.ts';
import type { AuthConfig } from './config.ts';
import type { EmailBudget } from './email-budget.ts';
import { AuthError, bearer, header } from './http.ts';
import type { RateLimiter } from './ratelimit.ts';
import type { RequestMeta, SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

/** The stack's pieces /auth/v1 uses, plus its own settings and limiters. */
export interface AuthCtx extends Pick<StackContext, 'db' | 'keys' | 'urls' | 'clientIp' | 'publicUrl' | 'endedSessions'> {
  cfg: AuthConfig;
  limiter: RateLimiter;
  emails: EmailBudget;
}

/**
 * The caller's IP (forwarding headers only from trusted proxies), user agent, and the issuer of
 * the tokens it gets: the stack's configured public URL, never the request's Host header.
 */
export function requestMeta(ctx: AuthCtx, req: IncomingMessage): RequestMeta {
  return { ip: ctx.clientIp(req), userAgent: (header(req, 'user-agent') ?? '').slice(0, 512), issuer: `${ctx.publicUrl()}/auth/v1` };
}

/** The WHATWG form of a URL (percent-encoded, IDN host in ASCII), or null when it does not parse. */
function normalised(url: string): string | null {
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/**
 * redirect_to when the allow-list admits it (origins.ts, per URL component); otherwise the site
 * URL, as GoTrue falls back. The answer is the normalised URL the allow-list judged (the browser
 * would follow that one anyway), which also makes it safe for a Location header: the raw text can
 * hold CR/LF or non-Latin-1 characters Node refuses to send.
 */
export function redirectTarget(ctx: AuthCtx, req: IncomingMessage): string {
  const candidate = new URL(req.url ?? '/', 'http://local').searchParams.get('redirect_to');
  const href = candidate ? normalised(candidate) : null;
  return href && ctx.urls.isAllowedRedirect(href) ? href : ctx.cfg.siteUrl;
}

/** The redirect with its fragment replaced by `fragment`, as GoTrue sets the URL's Fragment. */
export function withFragment(redirect: string, fragment: URLSearchParams): string {
  try {
    const u = new URL(redirect);
    u.hash = fragment.toString();
    return u.href;
  } catch {
    return `${redirect}#${fragment.toString()}`; // a site_url the operator wrote that is no URL
  }
}

/**
 * After a commit that ended sessions: the stack's in-memory set learns of them before the answer,
 * so the very next request with one of their access tokens is refused on every API.
 */
export const sessionsEnded = (ctx: AuthCtx) => ctx.endedSessions.refresh();

/** Verifies any bearer JWT the stack issued; GoTrue answers 403 bad_jwt for all failures. */
export async function verifyBearer(ctx: AuthCtx, req: IncomingMessage): Promise<JwtClaims> {
  const token = bearer(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await ctx.keys.verify(token);
  } catch (e) {
    const detail = e instanceof JwtError ? e.message : 'unable to verify token';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
}

export interface Authed { claims: JwtClaims; user: UserRow; session: SessionRow }

/** GoTrue's requireAuthentication + maybeLoadUserOrSession: a live user token with a live session. */
export async function requireUser(ctx: AuthCtx, req: IncomingMessage): Promise<Authed> {
  const claims = await verifyBearer(ctx, req);
  if (!claims.sub || typeof claims.sub !== 'string') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const sid = typeof claims.session_id === 'string' && /^[0-9a-f-]{36}$/i.test(claims.session_id) ? claims.session_id : null;
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const s = sid
    ? await ctx.db.query<SessionRow>(
        `select id, user_id, aal::text as aal, factor_id, not_after, created_at from auth.sessions
         where id = $1 and user_id = $2 and (not_after is null or not_after > now())`,
        [sid, user.id],
      )
    : { rows: [] };
  const session = s.rows[0];
  if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, session };
}

/** Admin endpoints: the bearer must be a service_role (or supabase_admin) token, as GoTrue's requireAdmin. */
export async function requireAdmin(ctx: AuthCtx, req: IncomingMessage): Promise<void> {
  const claims = await verifyBearer(ctx, req);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw new AuthError(403, 'not_admin', 'User not allowed');
}
