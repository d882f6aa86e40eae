-- The local stack's private state (signing keys). Not part of a Supabase project: no API role may
-- use this schema, so no request can read a private key.
create schema if not exists _local;
revoke all on schema _local from public;

create table if not exists _local.signing_keys (
  kid text primary key,
  alg text not null,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on _local.signing_keys from public;
