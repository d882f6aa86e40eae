-- cms_content: pages, posts and docs managed by staff; published pages are public (legal and
-- solution pages render by slug). published_at rules live in 20261121000530.

create table public.cms_content (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  -- the client's slugify output: lowercase letters, digits and hyphens
  slug text not null unique check (slug ~ '^[a-z0-9-]+$' and char_length(slug) <= 200),
  content_type public.content_type not null default 'page',
  content text not null check (char_length(btrim(content)) >= 1),
  excerpt text check (char_length(excerpt) <= 500),
  featured_image_url text check (char_length(featured_image_url) <= 1000),
  status public.content_status not null default 'draft',
  meta_title text check (char_length(meta_title) <= 200),
  meta_description text check (char_length(meta_description) <= 500),
  tags text[] not null default '{}',
  author_id uuid default auth.uid() references public.profiles (user_id) on delete set null,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index cms_content_updated_at_idx on public.cms_content (updated_at desc);
create index cms_content_status_type_idx on public.cms_content (status, content_type);
create index cms_content_author_id_idx on public.cms_content (author_id);
