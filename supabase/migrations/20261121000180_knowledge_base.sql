-- Knowledge base: articles (replicated read-only to customers) and one helpful vote per user.
-- Categories are the list of spec §9; title ≤ 200, content ≥ 10 (spec §5).

create table public.kb_articles (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  content text not null check (char_length(content) >= 10),
  category text not null check (category in ('Getting Started', 'Technical Support', 'Account & Billing',
    'Installation', 'Troubleshooting', 'Security', 'FAQs', 'Product Information')),
  tags text[] not null default '{}',
  is_published boolean not null default false,
  -- the Featured tab lists published featured articles
  is_featured boolean not null default false,
  author_id uuid default auth.uid() references public.profiles (user_id) on delete set null,
  view_count integer not null default 0 check (view_count >= 0),
  helpful_votes integer not null default 0 check (helpful_votes >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index kb_articles_published_created_at_idx on public.kb_articles (is_published, created_at desc);
create index kb_articles_created_at_idx on public.kb_articles (created_at desc);
create index kb_articles_view_count_idx on public.kb_articles (view_count desc);
create index kb_articles_helpful_votes_idx on public.kb_articles (helpful_votes desc);
create index kb_articles_category_idx on public.kb_articles (category);
create index kb_articles_featured_idx on public.kb_articles (is_featured) where is_featured;
create index kb_articles_author_id_idx on public.kb_articles (author_id);
create index kb_articles_modified_id_idx on public.kb_articles (_modified, id);

create table public.kb_helpful_votes (
  article_id uuid not null references public.kb_articles (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (article_id, user_id)
);

create index kb_helpful_votes_user_id_idx on public.kb_helpful_votes (user_id);
