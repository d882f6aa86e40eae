-- orders (created only by place_order, replicated read-only to the customer's device) and
-- financial_transactions (admin-only ledger; a sale links to its order).

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  status public.order_status not null default 'processing',
  -- array of {product_id, name, quantity, price}; customers only read orders, so jsonb is fine here
  items jsonb not null check (jsonb_typeof(items) = 'array'),
  subtotal numeric(10, 2) not null check (subtotal >= 0),
  tax numeric(10, 2) not null default 0 check (tax >= 0),
  shipping numeric(10, 2) not null default 0 check (shipping >= 0),
  total numeric(10, 2) not null check (total >= 0),
  email text check (char_length(email) <= 320),
  shipping_name text check (char_length(shipping_name) <= 200),
  shipping_address text check (char_length(shipping_address) <= 300),
  shipping_city text check (char_length(shipping_city) <= 100),
  shipping_state text check (char_length(shipping_state) <= 100),
  shipping_zip text check (char_length(shipping_zip) <= 20),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc);
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_idx on public.orders (status);
create index orders_modified_id_idx on public.orders (_modified, id);

create table public.financial_transactions (
  id uuid primary key default gen_random_uuid(),
  transaction_type public.transaction_type not null,
  -- always positive: the type says whether it is money in (sale, revenue) or out (expense, refund)
  amount numeric(12, 2) not null check (amount >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  description text check (char_length(description) <= 500),
  category text check (char_length(category) <= 100),
  order_id uuid references public.orders (id) on delete set null,
  processed_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

create index financial_transactions_processed_at_idx on public.financial_transactions (processed_at desc);
create index financial_transactions_type_processed_at_idx on public.financial_transactions (transaction_type, processed_at desc);
create index financial_transactions_order_id_idx on public.financial_transactions (order_id);
