-- The whole catalogue entry lives in public.products: gallery images, key features, variants and the
-- detail page's long-form content (overview, specifications, installation, warranty), plus the
-- display order. The shop reads them through /rest/v1/products (anonymous, active products only);
-- the build prerenders the public pages from the seeded rows.
-- Every new column is defaulted or nullable, so a product made from just a name, SKU, category,
-- price and stock (Inventory's Add Product) is valid: the shop shows a placeholder image and only
-- the tabs that have content. The shapes are checked here, so no client can store content the shop
-- cannot render.

-- Images are paths on the app's own origin (public/products), never third-party URLs.
create function private.valid_product_images(images text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_length(images, 1), 0) <= 4
    and array_position(images, null) is null
    and coalesce(bool_and(i ~ '^/products/[a-z0-9-]+\.(svg|webp|png|jpg)$'), true)
  from unnest(images) i
$$;

create function private.valid_text_list(items text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select array_position(items, null) is null and coalesce(bool_and(btrim(i) <> ''), true) from unnest(items) i
$$;

-- A non-empty JSON string.
create function private.is_text(value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_typeof(value) = 'string' and btrim(value #>> '{}') <> '', false)
$$;

-- [{category, specs: [{name, value}, …]}, …]: every group has at least one spec.
create function private.valid_specifications(value jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  g jsonb;
  s jsonb;
begin
  if jsonb_typeof(value) <> 'array' then return false; end if;
  for g in select e from jsonb_array_elements(value) e loop
    if jsonb_typeof(g) <> 'object' or not private.is_text(g -> 'category')
       or jsonb_typeof(g -> 'specs') is distinct from 'array' or jsonb_array_length(g -> 'specs') = 0 then
      return false;
    end if;
    for s in select e from jsonb_array_elements(g -> 'specs') e loop
      if jsonb_typeof(s) <> 'object' or not private.is_text(s -> 'name') or not private.is_text(s -> 'value') then
        return false;
      end if;
    end loop;
  end loop;
  return true;
end
$$;

-- [{step: 1, title, description}, …]: steps numbered 1, 2, 3… in order.
create function private.valid_installation(value jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  s jsonb;
  n integer := 0;
begin
  if jsonb_typeof(value) <> 'array' then return false; end if;
  for s in select e from jsonb_array_elements(value) e loop
    n := n + 1;
    if jsonb_typeof(s) <> 'object' or jsonb_typeof(s -> 'step') is distinct from 'number'
       or (s ->> 'step') <> n::text or not private.is_text(s -> 'title') or not private.is_text(s -> 'description') then
      return false;
    end if;
  end loop;
  return true;
end
$$;

-- {duration, coverage: [text, …] (at least one), support}.
create function private.valid_warranty(value jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  c jsonb;
begin
  if jsonb_typeof(value) <> 'object' or not private.is_text(value -> 'duration') or not private.is_text(value -> 'support')
     or jsonb_typeof(value -> 'coverage') is distinct from 'array' or jsonb_array_length(value -> 'coverage') = 0 then
    return false;
  end if;
  for c in select e from jsonb_array_elements(value -> 'coverage') e loop
    if not private.is_text(c) then return false; end if;
  end loop;
  return true;
end
$$;

-- [{name, options: [text, text, …]}, …]: a choice has at least two options.
create function private.valid_variants(value jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v jsonb;
  o jsonb;
begin
  if jsonb_typeof(value) <> 'array' then return false; end if;
  for v in select e from jsonb_array_elements(value) e loop
    if jsonb_typeof(v) <> 'object' or not private.is_text(v -> 'name')
       or jsonb_typeof(v -> 'options') is distinct from 'array' or jsonb_array_length(v -> 'options') < 2 then
      return false;
    end if;
    for o in select e from jsonb_array_elements(v -> 'options') e loop
      if not private.is_text(o) then return false; end if;
    end loop;
  end loop;
  return true;
end
$$;

grant execute on function private.valid_product_images(text[]), private.valid_text_list(text[]), private.is_text(jsonb),
  private.valid_specifications(jsonb), private.valid_installation(jsonb), private.valid_warranty(jsonb),
  private.valid_variants(jsonb) to anon, authenticated, service_role;

alter table public.products
  add column images text[] not null default '{}' constraint products_images_check check (private.valid_product_images(images)),
  add column features text[] not null default '{}' constraint products_features_check
    check (private.valid_text_list(features) and coalesce(array_length(features, 1), 0) <= 20),
  add column variants jsonb not null default '[]' constraint products_variants_check check (private.valid_variants(variants)),
  add column overview text constraint products_overview_check check (char_length(btrim(overview)) between 1 and 10000),
  add column specifications jsonb not null default '[]' constraint products_specifications_check
    check (private.valid_specifications(specifications)),
  add column installation jsonb not null default '[]' constraint products_installation_check
    check (private.valid_installation(installation)),
  add column warranty jsonb constraint products_warranty_check check (warranty is null or private.valid_warranty(warranty)),
  -- The shop lists products by this, then by id: the seeded range first, newer products after.
  add column sort_order integer not null default 1000;

create index products_sort_order_idx on public.products (sort_order, id);

comment on column public.products.images is 'Gallery paths under /products/ (at most 4); empty: the shop shows a placeholder.';
comment on column public.products.overview is 'Detail page Overview: paragraphs separated by a blank line; null: no Overview tab.';
