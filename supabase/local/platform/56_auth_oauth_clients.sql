-- OAuth 2.1 server clients in GoTrue's shape (supabase/auth migrations
-- 20250731150234_add_oauth_clients_table, 20250901200500_add_oauth_client_type,
-- 20250903112500_remove_oauth_client_id_column and 20260121000000_add_token_endpoint_auth_method):
-- the id is the public client_id; a confidential client keeps only the SHA-256 of its secret
-- (base64url, unpadded), a public one none. redirect_uris and grant_types are comma-joined, as
-- GoTrue stores them. A deleted client keeps its row with deleted_at set (GoTrue soft-deletes).
-- Managed under /auth/v1/admin/oauth/clients when [auth.oauth_server] enabled. Idempotent:
-- applied on every start.
do $$ begin
  create type auth.oauth_registration_type as enum ('dynamic', 'manual');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.oauth_client_type as enum ('public', 'confidential');
exception when duplicate_object then null; end $$;

create table if not exists auth.oauth_clients (
  id uuid not null,
  client_secret_hash text null,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text null,
  client_uri text null,
  logo_uri text null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_pkey primary key (id),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

-- Auth tables belong to the auth server alone (as 53_auth_local.sql): no API role reads secret
-- hashes.
select _local.revoke_from_api_roles('auth.oauth_clients');
