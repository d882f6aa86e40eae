import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler, StackContext } from '../contracts.ts';
import { readAuthConfig } from './config.ts';
import type { AuthCtx } from './context.ts';
import { AuthError, ClientAborted, header, sendError, sendJson } from './http.ts';
import { createEmailBudget } from './email-budget.ts';
import { createMailbox } from './mailbox.ts';
import { RateLimiter } from './ratelimit.ts';
import { createUser, deleteFactor, deleteUserById, getUserById, listFactors, listUsers, updateUserById } from './routes/admin.ts';
import { challenge, enroll, unenroll, verify as verifyFactor } from './routes/factors.ts';
import { settingsJson } from './routes/settings.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, logout, updateUser } from './routes/user.ts';
import { reauthenticate } from './routes/reauthenticate.ts';
import { recover } from './routes/recover.ts';
import { otp, resend } from './routes/otp.ts';
import { generateLink, invite } from './routes/admin-links.ts';
import { identities, sso } from './routes/disabled.ts';
import { passkeyRoute } from './routes/passkeys.ts';
import { oauthClientRoute } from './routes/oauth-clients.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';

type Route = (ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id?: string) => Promise<void>;

/** Paths served whatever apikey comes with them (e-mail links, JWKS, health), as hosted. */
const OPEN = new Set(['GET /verify', 'GET /.well-known/jwks.json', 'GET /health']);

function route(method: string, path: string): { fn: Route; id?: string } | null {
  const key = `${method} ${path}`;
  const fixed: Record<string, Route> = {
    'GET /settings': async (c, _q, r) => sendJson(r, 200, settingsJson(c.cfg)),
    'GET /health': async (_c, _q, r) => sendJson(r, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue-compatible local auth server' }),
    'GET /.well-known/jwks.json': async (c, _q, r) => sendJson(r, 200, c.keys.jwks(), { 'cache-control': 'public, max-age=600' }),
    'POST /signup': signup,
    'POST /token': token,
    'GET /verify': verifyGet,
    'POST /verify': verifyPost,
    'POST /recover': recover,
    'POST /otp': otp,
    'POST /resend': resend,
    'GET /user': getUser,
    'PUT /user': updateUser,
    'POST /logout': logout,
    'GET /reauthenticate': reauthenticate,
    'POST /factors': enroll,
    'POST /admin/users': createUser,
    'POST /admin/generate_link': generateLink,
    'POST /invite': invite,
    'GET /admin/users': listUsers,
  };
  if (fixed[key]) return { fn: fixed[key] };
  if (path === '/sso' || path.startsWith('/sso/')) return { fn: sso };
  if (path.startsWith('/user/identities/')) return { fn: identities };
  const passkeys = passkeyRoute(method, path); // /passkeys/*, /admin/users/{id}/passkeys*
  if (passkeys) return passkeys;
  const oauthClients = oauthClientRoute(method, path); // /admin/oauth/*
  if (oauthClients) return oauthClients;
  let m = /^\/factors\/([^/]+)\/(challenge|verify)$/.exec(path);
  if (m && method === 'POST') return { fn: m[2] === 'challenge' ? challenge : verifyFactor, id: m[1] };
  m = /^\/factors\/([^/]+)$/.exec(path);
  if (m && method === 'DELETE') return { fn: unenroll, id: m[1] };
  m = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path);
  if (m && method === 'GET' && !m[2]) return { fn: listFactors, id: m[1] };
  if (m && method === 'DELETE' && m[2]) return { fn: deleteFactor, id: `${m[1]}/${m[2]}` };
  m = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (m) {
    const fn = ({ GET: getUserById, PUT: updateUserById, DELETE: deleteUserById } as Record<string, Route>)[method];
    if (fn) return { fn, id: m[1] };
  }
  return null;
}

/**
 * A request without an apikey goes through, as the Supabase CLI's gateway lets it: that gateway
 * checks no key and GoTrue reads none, so only the bearer token decides (a route needing a user
 * answers 401 no_authorization without one). An apikey that is sent must be the anon or
 * service_role key, as a hosted project's gateway requires (the CLI's would let it through).
 */
async function checkApiKey(ctx: AuthCtx, req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean> {
  const key = header(req, 'apikey') ?? url.searchParams.get('apikey');
  if (!key) return true;
  try {
    const claims = await ctx.keys.verify(key);
    if (claims.role === 'anon' || claims.role === 'service_role') return true;
  } catch {
    /* fall through */
  }
  sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  return false;
}

/** /auth/v1, GoTrue-compatible, and the local mailbox. */
export function createAuth(stack: StackContext): { handler: Handler; mailbox: Handler } {
  const cfg = readAuthConfig(stack.config);
  const limiter = new RateLimiter();
  const { db, keys, urls, clientIp, publicUrl, endedSessions } = stack;
  const ctx: AuthCtx = { db, keys, urls, clientIp, publicUrl, endedSessions, cfg, limiter, emails: createEmailBudget(cfg, limiter) };
  const handler: Handler = async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const method = (req.method ?? 'GET').toUpperCase();
      const found = route(method, path);
      if (!OPEN.has(`${method} ${path}`) && !(await checkApiKey(ctx, req, url, res))) return;
      if (!found) throw new AuthError(404, 'not_found', 'Not Found');
      await found.fn(ctx, req, res, found.id);
    } catch (err) {
      if (res.headersSent) return void res.end();
      // The client went away mid-body: nobody to answer, and not a server fault.
      if (err instanceof ClientAborted) return void res.destroy();
      if (err instanceof AuthError) return sendError(req, res, err);
      console.error('[auth] unexpected error', err);
      sendError(req, res, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
    }
  };
  return { handler, mailbox: createMailbox(stack.db) };
}
