-- newsletter_subscriptions: Notify Me (landing) and Subscribe (footer). Write-only for the public;
-- the e-mail is stored lower-cased (trigger in 20261121000540) and unique, so a repeat is 23505.

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and char_length(email) <= 320),
  name text check (char_length(name) <= 100),
  source text not null default 'footer' check (source in ('landing', 'footer')),
  created_at timestamptz not null default now()
);

create index newsletter_subscriptions_created_at_idx on public.newsletter_subscriptions (created_at desc);
