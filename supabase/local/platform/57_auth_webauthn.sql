-- WebAuthn in GoTrue's shapes (supabase/auth migrations 20241009103726_add_web_authn,
-- 20250925093508_add_last_webauthn_challenge_data and 20260302000000_add_passkeys): passkeys
-- (auth.webauthn_credentials, signed in with through /auth/v1/passkeys) with their single-use
-- ceremony challenges (auth.webauthn_challenges), and the columns a `webauthn` MFA factor keeps
-- its credential and its pending challenge in. Idempotent: applied on every start.

-- A passkey: the credential's raw id (unique across all users, so one authenticator credential
-- belongs to one user) and its COSE public key.
create table if not exists auth.webauthn_credentials (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint webauthn_credentials_pkey primary key (id)
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

-- A registration or sign-in ceremony in progress. A row is deleted when it is used (whatever the
-- outcome), so a challenge answers once; sign-in challenges have no user until the assertion
-- names one.
create table if not exists auth.webauthn_challenges (
  id uuid not null default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint webauthn_challenges_pkey primary key (id)
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- WebAuthn MFA factors: the verified credential (go-webauthn's Credential as JSON) and its
-- authenticator model, the ceremony data of a pending challenge, and the last verified ceremony.
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb null;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid null;
alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb null;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb null;
comment on column auth.mfa_factors.last_webauthn_challenge_data is
  'Stores the latest WebAuthn challenge data including attestation/assertion for customer verification';

-- Auth tables belong to the auth server alone (as 53_auth_local.sql): no API role reads public
-- keys or pending challenges.
select _local.revoke_from_api_roles('auth.webauthn_credentials, auth.webauthn_challenges');
