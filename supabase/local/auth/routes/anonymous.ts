/**
 * GoTrue's anonymous sign-in: `POST /signup` with neither e-mail nor phone, when `[auth]
 * enable_anonymous_sign_ins` allows it (else 422 anonymous_provider_disabled). The user has no
 * e-mail, no identity and empty app_metadata, is `is_anonymous` (also a claim of its tokens, for
 * RLS), role authenticated, and gets an aal1 session whose AMR method is `anonymous`. Its own
 * per-IP limit, `[auth.rate_limit] anonymous_users` per hour, replaces the sign-in/up limit.
 * GoTrue writes no audit entry for it, and neither does this.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestMeta, type AuthCtx } from '../context.ts';
import { AuthError, sendJson } from '../http.ts';
import { ONE_HOUR } from '../ratelimit.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { findUserById } from '../users.ts';
import { optionalObject } from '../validate.ts';

export async function signupAnonymously(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>): Promise<void> {
  const { cfg, db } = ctx;
  if (!cfg.enableAnonymousSignIns) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  const meta = requestMeta(ctx, req);
  ctx.limiter.take(`anonymous:${meta.ip}`, cfg.rateLimit.anonymousUsers, ONE_HOUR);
  if (!cfg.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const data = optionalObject(body.data, 'data') ?? {};
  const result = await db.transaction(async (tx) => {
    const id = crypto.randomUUID();
    // Inserted like any user, so the project's triggers on auth.users fire for it too.
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
         created_at, updated_at, last_sign_in_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', null, '', '{}'::jsonb, $2::jsonb,
         now(), now(), now(), true)`,
      [id, JSON.stringify(data)],
    );
    const user = (await findUserById(tx, id))!;
    const { sessionId, refreshToken } = await createSession(tx, user, 'anonymous', meta);
    return tokenResponse(tx, ctx.keys, user, sessionId, refreshToken, cfg.jwtExpiry, meta);
  });
  sendJson(res, 200, result);
}
