-- place_order lowers the product's stock where it is kept: the current_stock of its inventory row
-- (products.stock follows by trigger, see 20261128000610); a product with no inventory row is
-- still sold from products.stock. Everything else is unchanged from 20261121001100: identity,
-- idempotency, contact and item checks, re-pricing, tax, the sale transaction.
-- security definer as before: the caller has no write rights on orders, inventory or products.
-- Concurrency: per cart line, in product-id order, the inventory row and then the product row are
-- locked before the stock is checked, so concurrent checkouts serialise per product and never
-- oversell.

create or replace function public.place_order(items jsonb, contact jsonb, p_order_id uuid default null)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_order public.orders;
  v_line record;
  v_product record;
  v_stock_row record;
  v_available integer;
  v_item jsonb;
  v_key text;
  v_field text;
  v_lines jsonb := '[]'::jsonb;
  v_subtotal numeric(12, 2) := 0;
  v_total numeric(12, 2);
  v_name text;
begin
  if v_uid is null or not exists (select 1 from public.profiles p where p.user_id = v_uid) then
    raise exception 'Sign in to place an order' using errcode = '42501';
  end if;

  if p_order_id is not null then
    perform pg_advisory_xact_lock(hashtextextended('public.place_order:' || p_order_id::text, 0));
    select * into v_order from public.orders o where o.id = p_order_id;
    if found then
      if v_order.user_id <> v_uid then
        raise exception 'This order id is already in use' using errcode = '23505',
          detail = format('order_id=%s', p_order_id);
      end if;
      return v_order; -- a retry of a checkout that already went through: no second charge
    end if;
  end if;

  -- Contact: exactly the checkout's contact and shipping fields; card data never reaches us.
  if contact is null or jsonb_typeof(contact) <> 'object' then
    raise exception 'Contact details are required' using errcode = 'P0001';
  end if;
  for v_key in select k from jsonb_object_keys(place_order.contact) k loop
    if lower(regexp_replace(v_key, '[^A-Za-z]', '', 'g')) in ('cardnumber', 'card', 'cvv', 'cvc', 'cvv2',
        'securitycode', 'expirydate', 'expiry', 'expirationdate', 'exp', 'nameoncard', 'pan') then
      raise exception 'Card data must not be sent to the server' using errcode = 'P0001',
        detail = format('field=%s', v_key),
        hint = 'Payment is simulated in the browser; send only contact and shipping fields.';
    end if;
    if v_key not in ('email', 'first_name', 'last_name', 'address', 'city', 'state', 'zip_code') then
      raise exception 'Unknown contact field: %', v_key using errcode = 'P0001';
    end if;
  end loop;
  foreach v_field in array array['email', 'first_name', 'last_name', 'address', 'city', 'state', 'zip_code'] loop
    if jsonb_typeof(contact -> v_field) is distinct from 'string' or btrim(contact ->> v_field) = '' then
      raise exception 'Missing contact field: %', v_field using errcode = 'P0001';
    end if;
  end loop;
  if char_length(contact ->> 'email') > 254 or (contact ->> 'email') !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Invalid email address' using errcode = 'P0001';
  end if;
  if char_length(contact ->> 'first_name') > 100 or char_length(contact ->> 'last_name') > 100 then
    raise exception 'Names must be at most 100 characters' using errcode = 'P0001';
  end if;
  if char_length(contact ->> 'address') > 200 then
    raise exception 'Address must be at most 200 characters' using errcode = 'P0001';
  end if;
  if char_length(contact ->> 'city') > 100 or char_length(contact ->> 'state') > 100 then
    raise exception 'City and state must be at most 100 characters' using errcode = 'P0001';
  end if;
  if char_length(contact ->> 'zip_code') > 20 then
    raise exception 'ZIP code must be at most 20 characters' using errcode = 'P0001';
  end if;
  v_name := btrim(contact ->> 'first_name') || ' ' || btrim(contact ->> 'last_name');

  -- Items: [{product_id, quantity}]; any name or price the client sends is ignored.
  if items is null or jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if jsonb_array_length(items) > 50 then
    raise exception 'Too many cart lines (at most 50)' using errcode = 'P0001';
  end if;
  for v_item in select e from jsonb_array_elements(place_order.items) e loop
    -- Type first, then value: SQL does not promise to short-circuit, so the casts wait for it.
    if jsonb_typeof(v_item) is distinct from 'object' or jsonb_typeof(v_item -> 'product_id') is distinct from 'number' then
      raise exception 'Each cart line needs an integer product_id' using errcode = 'P0001',
        detail = format('line=%s', left(v_item::text, 200));
    end if;
    if (v_item ->> 'product_id')::numeric <> trunc((v_item ->> 'product_id')::numeric)
       or abs((v_item ->> 'product_id')::numeric) > 2147483647 then
      raise exception 'Each cart line needs an integer product_id' using errcode = 'P0001',
        detail = format('line=%s', left(v_item::text, 200));
    end if;
    if jsonb_typeof(v_item -> 'quantity') is distinct from 'number' then
      raise exception 'Quantity must be a whole number from 1 to 1000' using errcode = 'P0001',
        detail = format('product_id=%s', v_item ->> 'product_id');
    end if;
    if (v_item ->> 'quantity')::numeric <> trunc((v_item ->> 'quantity')::numeric)
       or (v_item ->> 'quantity')::numeric < 1 or (v_item ->> 'quantity')::numeric > 1000 then
      raise exception 'Quantity must be a whole number from 1 to 1000' using errcode = 'P0001',
        detail = format('product_id=%s', v_item ->> 'product_id');
    end if;
  end loop;

  -- Duplicate lines merge; product-id order is the lock order.
  for v_line in
    select (e ->> 'product_id')::integer as product_id, sum((e ->> 'quantity')::integer) as quantity
    from jsonb_array_elements(place_order.items) e
    group by 1
    order by 1
  loop
    -- The inventory row first, then the product: the order an admin's stock edit takes too
    -- (inventory, then its copy in products), so the two never wait on each other in a cycle.
    select i.id, i.current_stock into v_stock_row
    from public.inventory i where i.product_id = v_line.product_id
    for update;
    select p.id, p.name, p.price, p.stock, p.is_active into v_product
    from public.products p where p.id = v_line.product_id
    for update;
    if v_product.id is null or not v_product.is_active then
      raise exception 'Product % is not available', v_line.product_id using errcode = 'P0001',
        detail = format('product_id=%s', v_line.product_id);
    end if;
    v_available := coalesce(v_stock_row.current_stock, v_product.stock);
    if v_available < v_line.quantity then
      raise exception 'Insufficient stock for %', v_product.name using errcode = 'P0001',
        detail = format('product_id=%s requested=%s available=%s', v_product.id, v_line.quantity, v_available),
        hint = 'Reduce the quantity or remove the item.';
    end if;
    if v_stock_row.id is not null then
      -- copy_stock_to_product writes the new figure into products.stock in this transaction.
      update public.inventory set current_stock = current_stock - v_line.quantity where id = v_stock_row.id;
    else
      update public.products set stock = stock - v_line.quantity where id = v_product.id;
    end if;
    v_lines := v_lines || jsonb_build_array(jsonb_build_object(
      'product_id', v_product.id, 'name', v_product.name, 'quantity', v_line.quantity, 'price', v_product.price));
    v_subtotal := v_subtotal + v_product.price * v_line.quantity;
  end loop;

  -- Spec §9: tax 10% of the items total, free shipping, total = items total × 1.1 (2 decimals).
  v_total := round(v_subtotal * 1.1, 2);
  insert into public.orders (id, user_id, items, subtotal, tax, shipping, total, email,
    shipping_name, shipping_address, shipping_city, shipping_state, shipping_zip)
  values (coalesce(p_order_id, gen_random_uuid()), v_uid, v_lines, v_subtotal, round(v_subtotal * 0.1, 2), 0, v_total,
    btrim(contact ->> 'email'), left(v_name, 200), btrim(contact ->> 'address'), btrim(contact ->> 'city'),
    btrim(contact ->> 'state'), btrim(contact ->> 'zip_code'))
  returning * into v_order;

  insert into public.financial_transactions (transaction_type, amount, currency, description, category, order_id)
  values ('sale', v_total, 'USD', 'Order ' || left(v_order.id::text, 8), 'orders', v_order.id);

  return v_order;
end
$$;

revoke all on function public.place_order(jsonb, jsonb, uuid) from public, anon, service_role;
grant execute on function public.place_order(jsonb, jsonb, uuid) to authenticated;
