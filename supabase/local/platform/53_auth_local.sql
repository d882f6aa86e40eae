-- Local-only: the development mailbox. E-mails the local /auth/v1 "sends" (confirmation,
-- recovery) land here instead of an SMTP server, so they survive restarts and a developer can
-- read them at /mailbox. Not part of a Supabase project; nothing in the app may read it.
create schema if not exists _local;
create table if not exists _local.mailbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body_text text not null,
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now()
);
create index if not exists mailbox_to_address_idx on _local.mailbox (lower(to_address), id desc);

-- Auth tables belong to the auth server alone, as on Supabase (owned by supabase_auth_admin,
-- no grants): the API roles must not read sessions, secrets or tokens through any path. Later
-- platform files revoke their own auth tables with the same function.
create or replace function _local.revoke_from_api_roles(relations text) returns void
language plpgsql
set search_path = ''
as $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_catalog.pg_roles where rolname = r) then
      execute pg_catalog.format('revoke all on %s from %I', relations, r);
    end if;
  end loop;
end
$$;
revoke all on function _local.revoke_from_api_roles(text) from public;

select _local.revoke_from_api_roles('auth.sessions, auth.refresh_tokens, auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims, auth.audit_log_entries');
do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on schema _local from %I', r);
      execute format('revoke all on all tables in schema _local from %I', r);
    end if;
  end loop;
end $$;
