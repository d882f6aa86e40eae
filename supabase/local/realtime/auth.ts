/**
 * Channel tokens checked the way Realtime checks them: a valid signature, `role` and `exp` present,
 * and `exp` strictly in the future (no clock skew allowance, unlike PostgREST). The texts are
 * Realtime's, for a join reply and for the `system` message that closes a joined channel. A token
 * of a session that has ended is refused too (a local addition; see the README's Security notes).
 */
import { JwtError, type JwtClaims, type StackContext } from '../contracts.ts';

export type TokenProblem = 'expired' | 'missing_claims' | 'malformed' | 'signature' | 'ended';

export type TokenCheck = { ok: true; claims: JwtClaims } | { ok: false; problem: TokenProblem; seconds?: number };

export const SESSION_ENDED = 'Session from session_id claim in JWT does not exist';

function peekExp(token: string): number | undefined {
  try {
    const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof body.exp === 'number' ? Math.round(body.exp) : undefined;
  } catch {
    return undefined;
  }
}

const now = () => Math.floor(Date.now() / 1000);

export async function checkToken(ctx: StackContext, token: string): Promise<TokenCheck> {
  const clean = token.replace(/\s/g, '');
  if (clean.split('.').length !== 3) return { ok: false, problem: 'malformed' };
  let claims: JwtClaims;
  try {
    claims = await ctx.keys.verify(clean);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.code === 'PGRST303') {
      const exp = peekExp(clean);
      if (exp !== undefined && exp <= now()) return { ok: false, problem: 'expired', seconds: now() - exp };
      return { ok: false, problem: 'signature' };
    }
    return { ok: false, problem: /CompactDecode|3 parts/.test(error.message) ? 'malformed' : 'signature' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') return { ok: false, problem: 'missing_claims' };
  const exp = Math.round(claims.exp);
  if (exp <= now()) return { ok: false, problem: 'expired', seconds: now() - exp };
  if (ctx.endedSessions.has(claims.session_id)) return { ok: false, problem: 'ended' };
  return { ok: true, claims };
}

/** The `reason` of an error reply to `phx_join`. */
export function joinReason(check: Exclude<TokenCheck, { ok: true }>): string {
  switch (check.problem) {
    case 'expired':
      return `InvalidJWTToken: Token has expired ${check.seconds ?? 0} seconds ago`;
    case 'missing_claims':
      return 'InvalidJWTToken: Fields `role` and `exp` are required in JWT';
    case 'malformed':
      return 'The token provided is not a valid JWT';
    case 'signature':
      return 'Failed to validate JWT signature';
    case 'ended':
      return `InvalidJWTToken: ${SESSION_ENDED}`;
  }
}

/** The `message` of the `system` error sent before a joined channel is closed. */
export function shutdownMessage(check: Exclude<TokenCheck, { ok: true }>): string {
  switch (check.problem) {
    case 'expired':
      return `Token has expired ${check.seconds ?? 0} seconds ago`;
    case 'missing_claims':
      return 'Fields `role` and `exp` are required in JWT';
    case 'malformed':
      return 'The token provided is not a valid JWT';
    case 'signature':
      // Realtime sends the inspected Elixir error here.
      return ':signature_error';
    case 'ended':
      return SESSION_ENDED;
  }
}

/** Seconds until `claims` expire (for the re-check timer). */
export const secondsLeft = (claims: JwtClaims) => Math.round(claims.exp ?? 0) - now();
