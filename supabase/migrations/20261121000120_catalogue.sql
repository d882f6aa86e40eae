-- products (the catalogue and its stock: the one source of truth for price and stock, decremented
-- by place_order) and inventory (the admin's stock sheet, spec §3 "inventory").

create table public.products (
  id integer primary key,
  name text not null check (char_length(name) between 1 and 200),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null default '',
  price numeric(10, 2) not null check (price > 0),
  original_price numeric(10, 2) check (original_price is null or original_price > 0),
  badge text check (char_length(badge) <= 50),
  category text not null check (category in ('bundle', 'indoor', 'outdoor', 'accessories')),
  compatibility text check (compatibility in ('universal', 'most-openers', 'outdoor-unit')),
  accessory_type text check (accessory_type in ('power', 'sensors', 'mounting')),
  rating numeric(2, 1) check (rating between 0 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  stock integer not null check (stock >= 0),
  image text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index products_is_active_idx on public.products (is_active);
create index products_category_idx on public.products (category);

create table public.inventory (
  id uuid primary key default gen_random_uuid(),
  product_id integer references public.products (id) on delete set null,
  product_name text not null check (char_length(btrim(product_name)) between 1 and 200),
  sku text not null unique check (char_length(btrim(sku)) between 1 and 64),
  category text check (char_length(category) <= 100),
  current_stock integer not null default 0 check (current_stock >= 0),
  minimum_stock integer not null default 0 check (minimum_stock >= 0),
  unit_price numeric(10, 2) not null default 0 check (unit_price >= 0),
  cost_price numeric(10, 2) check (cost_price is null or cost_price >= 0),
  supplier text check (char_length(supplier) <= 200),
  description text check (char_length(description) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index inventory_created_at_idx on public.inventory (created_at desc);
create index inventory_category_idx on public.inventory (category);
create index inventory_product_id_idx on public.inventory (product_id);
