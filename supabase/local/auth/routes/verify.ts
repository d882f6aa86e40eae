import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { redirectTarget, requestMeta, withFragment, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson, validationFailed } from '../http.ts';
import { confirmEmailChange } from '../email-change.ts';
import { checkCode, forgetCode, type CodeType } from '../otp.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { createSession, tokenResponse, type RequestMeta } from '../sessions.ts';
import { findUserByEmail, findUserById } from '../users.ts';
import { optionalString, validEmail, validPhone } from '../validate.ts';

const TYPE: Record<string, CodeType> = {
  signup: 'confirmation', email: 'confirmation', invite: 'confirmation', recovery: 'recovery', magiclink: 'recovery', email_change: 'email_change',
};
const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/**
 * The address an anonymous user asked for becomes theirs (email-change.ts); app_metadata then
 * lists the user's providers, as GoTrue's UpdateAppMetaDataProviders after every verification.
 */
async function consumeEmailChange(ctx: AuthCtx, tx: Tx, meta: RequestMeta, linkToken: string) {
  const r = await tx.query<{ id: string; email_change: string | null }>(
    `select id, email_change from auth.users
     where email_change_token_new = $1 and $1 <> '' and email_change_sent_at + make_interval(secs => $2) > now() and deleted_at is null
     for update`,
    [linkToken, ctx.cfg.otpExpiry],
  );
  const row = r.rows[0];
  if (!row?.email_change) return null;
  await confirmEmailChange(tx, (await findUserById(tx, row.id))!, row.email_change, meta);
  await tx.query(
    `with p as (
       select coalesce(jsonb_agg(provider order by first), '[]'::jsonb) as list
       from (select provider, min(created_at) as first from auth.identities where user_id = $1 group by provider) i
     )
     update auth.users set last_sign_in_at = now(),
       raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('providers', p.list)
         || case when jsonb_array_length(p.list) > 0 then jsonb_build_object('provider', p.list -> 0) else '{}'::jsonb end
     from p where id = $1`,
    [row.id],
  );
  const user = (await findUserById(tx, row.id))!;
  const { sessionId, refreshToken } = await createSession(tx, user, 'otp', meta);
  return tokenResponse(tx, ctx.keys, user, sessionId, refreshToken, ctx.cfg.jwtExpiry, meta);
}

/** Uses a pending link token: confirms the address, opens a session; null when the token is unknown or expired. */
async function consume(ctx: AuthCtx, tx: Tx, meta: RequestMeta, type: CodeType, linkToken: string) {
  if (type === 'email_change') return consumeEmailChange(ctx, tx, meta, linkToken);
  const r = await tx.query<{ id: string }>(
    `update auth.users set ${type}_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       last_sign_in_at = now(), updated_at = now()
     where ${type}_token = $1 and $1 <> '' and ${type}_sent_at + make_interval(secs => $2) > now() and deleted_at is null
     returning id`,
    [linkToken, ctx.cfg.otpExpiry],
  );
  const id = r.rows[0]?.id;
  if (!id) return null;
  await forgetCode(tx, id, type);
  const user = (await findUserById(tx, id))!;
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`, [id],
  );
  const signup = type === 'confirmation';
  await audit(tx, user, signup ? 'user_signedup' : 'login', meta, { provider: 'email', verified: signup ? 'signup' : 'recovery' });
  const { sessionId, refreshToken } = await createSession(tx, user, signup ? 'email/signup' : 'recovery', meta);
  return tokenResponse(tx, ctx.keys, user, sessionId, refreshToken, ctx.cfg.jwtExpiry, meta);
}

/** GET /verify?token=…&type=…&redirect_to=… : the e-mail link. Redirects (303) with the session or the error in the fragment. */
export async function verifyGet(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const q = new URL(req.url ?? '/', 'http://local').searchParams;
  const redirect = redirectTarget(ctx, req);
  const type = q.get('type') ?? '';
  const codeType = TYPE[type];
  const token = (q.get('token') ?? '').slice(0, 128);
  const meta = requestMeta(ctx, req);
  const go = (fragment: URLSearchParams) => {
    res.writeHead(303, { location: withFragment(redirect, fragment) });
    res.end();
  };
  try {
    ctx.limiter.take(`verify:${meta.ip}`, ctx.cfg.rateLimit.tokenVerifications, FIVE_MINUTES);
  } catch (e) {
    if (e instanceof AuthError) return go(new URLSearchParams({ error: 'access_denied', error_code: e.errorCode, error_description: e.message }));
    throw e;
  }
  let session: Awaited<ReturnType<typeof consume>> = null;
  try {
    session = codeType && token ? await ctx.db.transaction((tx) => consume(ctx, tx, meta, codeType, token)) : null;
  } catch (e) {
    // A link's refusal belongs in the fragment, like GoTrue's verifyGet errors (e.g. email_exists).
    if (e instanceof AuthError) return go(new URLSearchParams({ error: 'access_denied', error_code: e.errorCode, error_description: e.message }));
    throw e;
  }
  if (!session) {
    return go(new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' }));
  }
  go(new URLSearchParams({
    access_token: String(session.access_token), expires_at: String(session.expires_at), expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token), token_type: 'bearer', type,
  }));
}

/**
 * POST /verify {type, token_hash} or {type, token, email}: answers with the session as JSON. A
 * typed code counts against the address's pending code (otp.ts); the count commits even though
 * the answer is an error.
 */
export async function verifyPost(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  const meta = requestMeta(ctx, req);
  ctx.limiter.take(`verify:${meta.ip}`, ctx.cfg.rateLimit.tokenVerifications, FIVE_MINUTES);
  const type = optionalString(body.type, 'type', 32);
  const tokenHashParam = optionalString(body.token_hash, 'token_hash', 128);
  const otp = optionalString(body.token, 'token', 128);
  if (type === 'sms' || type === 'phone_change') {
    // No phone provider here, so no phone code was ever sent: a well-formed number's code is
    // refused as GoTrue refuses an unknown one.
    if (!tokenHashParam && !otp) throw validationFailed('Verify requires a token or a token hash');
    if (otp) validPhone(body.phone);
    throw expired();
  }
  const codeType = type ? TYPE[type] : undefined;
  if (!codeType) throw validationFailed('Verify requires a verification type');
  if (!tokenHashParam && !otp) throw validationFailed('Verify requires a token or a token hash');
  const email = tokenHashParam ? undefined : validEmail(body.email);
  const session = await ctx.db.transaction(async (tx) => {
    // `email` (GoTrue's EmailOTPVerification) takes the code the address has pending: the
    // confirmation of an unconfirmed user, a magic link's (recovery) code of a confirmed one.
    const pendingType = async () => {
      if (type !== 'email') return codeType;
      const user = email ? await findUserByEmail(tx, email) : null;
      return user?.email_confirmed_at ? 'recovery' : codeType;
    };
    const kind = await pendingType();
    if (email) {
      const linkToken = await checkCode(tx, email, kind, otp!);
      return linkToken ? consume(ctx, tx, meta, kind, linkToken) : null;
    }
    const session = await consume(ctx, tx, meta, codeType, tokenHashParam!);
    return session ?? (type === 'email' ? consume(ctx, tx, meta, 'recovery', tokenHashParam!) : null);
  });
  if (!session) throw expired();
  sendJson(res, 200, session);
}
