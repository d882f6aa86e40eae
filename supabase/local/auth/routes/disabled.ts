import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireUser, type AuthCtx } from '../context.ts';
import { AuthError, readJson } from '../http.ts';

/**
 * Sign-in methods this stack does not serve (it has no SAML, no OAuth or OIDC providers, no Web3
 * wallets), answered as a GoTrue with them turned off answers, so a client shows the real reason
 * rather than a 404 "Not Found".
 */

/** /sso and /sso/saml/*: GoTrue's requireSAMLEnabled. */
export async function sso(): Promise<void> {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
}

/**
 * /user/identities/*: GoTrue's requireManualLinkingEnabled, after its requireAuthentication. With no
 * external provider there is nothing to link, so linking is off whatever `enable_manual_linking` says.
 */
export async function identities(ctx: AuthCtx, req: IncomingMessage): Promise<void> {
  await requireUser(ctx, req);
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

/** POST /token?grant_type=web3 (web3.go). */
export async function web3Grant(): Promise<void> {
  throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
}

/** The issuers GoTrue names for its built-in ID-token providers (token_oidc.go). */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com', apple: 'https://appleid.apple.com', facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com', azure: 'https://login.microsoftonline.com/common/v2.0',
};

/** POST /token?grant_type=id_token (token_oidc.go): no provider is enabled. */
export async function idTokenGrant(_ctx: AuthCtx, req: IncomingMessage, _res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  const provider = typeof body.provider === 'string' ? body.provider : '';
  const issuer = ISSUERS[provider] ?? (typeof body.issuer === 'string' && Object.values(ISSUERS).includes(body.issuer) ? body.issuer : undefined);
  if (issuer) throw new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
  throw new AuthError(400, 'validation_failed', `Custom OIDC provider "${provider}" not allowed`);
}
