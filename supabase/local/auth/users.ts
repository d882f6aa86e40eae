import type { Tx } from '../contracts.ts';

/** The auth.users columns /auth/v1 works with. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  invited_at: Date | null;
  /** An address waiting for its confirmation before it replaces `email`. */
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean | null;
  banned_until: Date | null;
}

interface FactorRow { id: string; friendly_name: string | null; factor_type: string; status: string; created_at: Date; updated_at: Date; web_authn_aaguid: string | null }
interface IdentityRow { id: string; provider_id: string; user_id: string; identity_data: Record<string, unknown> | null; provider: string; last_sign_in_at: Date | null; created_at: Date; updated_at: Date }

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmation_sent_at, recovery_sent_at, invited_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, is_anonymous, banned_until`;

export const iso = (d: Date | string | null | undefined): string | undefined =>
  d == null ? undefined : (d instanceof Date ? d : new Date(d)).toISOString();

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const r = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null and is_sso_user is not true
     order by created_at limit 1`,
    [email],
  );
  return r.rows[0] ?? null;
}

/**
 * What GoTrue's UpdatePassword does on every password change: it resets pending e-mailed codes and
 * links (whoever holds them may hold the old password too) and ends the user's sessions, so a
 * stolen session does not outlive the change. `keepSessionId` is the session that changed it
 * (PUT /user), which stays signed in; null (an admin's PUT /admin/users/{id}) ends every session.
 * The caller refreshes the ended-session set (sessionsEnded) after committing.
 */
export async function storePassword(tx: Tx, userId: string, keepSessionId: string | null, hash: string): Promise<void> {
  await tx.query(
    `update auth.users set encrypted_password = $2, updated_at = now(),
       confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
       email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
       phone_change_token = '', phone_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null
     where id = $1`,
    [userId, hash],
  );
  await tx.query(`delete from _local.otp_attempts where user_id = $1`, [userId]);
  await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [userId, keepSessionId]);
}

/** A user's factors as GoTrue's models.Factor JSON, oldest first; `factorId` picks one. */
export async function factorsJson(tx: Tx, userId: string, factorId?: string): Promise<Record<string, unknown>[]> {
  const r = await tx.query<FactorRow>(
    `select id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at,
       web_authn_aaguid::text as web_authn_aaguid
     from auth.mfa_factors where user_id = $1 and ($2::uuid is null or id = $2::uuid) order by created_at`,
    [userId, factorId ?? null],
  );
  return r.rows.map((f) => ({
    id: f.id, friendly_name: f.friendly_name ?? '', factor_type: f.factor_type, status: f.status,
    created_at: iso(f.created_at), updated_at: iso(f.updated_at),
    // A WebAuthn factor's authenticator model, once its key is registered (omitted otherwise, as GoTrue's omitempty).
    web_authn_aaguid: f.web_authn_aaguid ?? undefined,
  }));
}

/** GoTrue's user JSON (models.User), with identities and (when any) factors. */
export async function userJson(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  const [factors, identities] = await Promise.all([
    factorsJson(tx, user.id),
    tx.query<IdentityRow>(
      `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
       from auth.identities where user_id = $1 order by created_at`,
      [user.id],
    ),
  ]);
  const confirmedAt = [user.email_confirmed_at, user.phone_confirmed_at].filter((d): d is Date => !!d).sort((a, b) => +a - +b)[0];
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(confirmedAt),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.rows.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data ?? {},
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: typeof i.identity_data?.email === 'string' ? String(i.identity_data.email).toLowerCase() : undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous ?? false,
  };
  if (factors.length) json.factors = factors;
  // GoTrue omits empty optional timestamps (omitempty); JSON.stringify drops undefined the same way.
  return json;
}

/** The body of a signup answer when the address is already taken and confirmations are on: GoTrue's obfuscated user. */
export function obfuscatedUser(email: string, metadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(), aud: 'authenticated', role: '', email, phone: '',
    confirmation_sent_at: now, app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: metadata,
    identities: [], created_at: now, updated_at: now, is_anonymous: false,
  };
}
