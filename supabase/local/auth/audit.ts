import type { Tx } from '../contracts.ts';
import type { RequestMeta } from './sessions.ts';

/** GoTrue's ActionLogTypeMap for the actions this server records. */
const LOG_TYPE: Record<string, string> = {
  login: 'account', login_failed: 'account', logout: 'account', user_signedup: 'team', user_invited: 'team',
  user_deleted: 'team', user_modified: 'user', user_recovery_requested: 'user', user_reauthenticate_requested: 'user',
  user_confirmation_requested: 'user', user_repeated_signup: 'user', user_updated_password: 'user',
  token_refreshed: 'token', token_revoked: 'token', factor_in_progress: 'factor', factor_unenrolled: 'factor',
  challenge_created: 'factor', verification_attempted: 'factor', factor_deleted: 'factor', mfa_code_login: 'factor',
  passkey_created: 'user', passkey_updated: 'user', passkey_deleted: 'user',
};

interface Actor { id: string | null; email: string | null }

/**
 * Writes one auth.audit_log_entries row in GoTrue's shape. Failed sign-ins are recorded too
 * (GoTrue does not), with a null actor_id when the address is unknown; the user agent goes into
 * traits so the access-log feature can show it.
 */
export async function audit(tx: Tx, actor: Actor, action: string, meta: RequestMeta, traits: Record<string, unknown> = {}): Promise<void> {
  const payload = {
    actor_id: actor.id ?? '00000000-0000-0000-0000-000000000000',
    actor_via_sso: false,
    actor_username: actor.email ?? '',
    action,
    log_type: LOG_TYPE[action] ?? 'account',
    traits: { ...traits, user_agent: meta.userAgent },
  };
  await tx.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2::json, now(), $3)`,
    [crypto.randomUUID(), JSON.stringify(payload), meta.ip.slice(0, 64)],
  );
}
