-- Every stored amount of money (and the product rating) is a finite number. Postgres's numeric
-- also holds 'NaN' (and, unconstrained, 'Infinity'), and 'NaN' sorts above every number, so the
-- existing `price > 0` style checks let it through: a NaN price reached the public catalogue,
-- orders and Mission Control. Stock is integer everywhere and cannot be NaN.
--
-- `x <> 'NaN'` is false for NaN (numeric NaN equals itself); the range excludes both infinities.
-- A null (an optional price) passes, as before.

alter table public.products
  add constraint products_price_is_finite check (price <> 'NaN' and price > '-Infinity' and price < 'Infinity'),
  add constraint products_original_price_is_finite check (original_price <> 'NaN' and original_price > '-Infinity' and original_price < 'Infinity'),
  add constraint products_rating_is_finite check (rating <> 'NaN' and rating > '-Infinity' and rating < 'Infinity');
comment on constraint products_price_is_finite on public.products is 'Prices are finite numbers: never NaN or infinite.';

alter table public.inventory
  add constraint inventory_unit_price_is_finite check (unit_price <> 'NaN' and unit_price > '-Infinity' and unit_price < 'Infinity'),
  add constraint inventory_cost_price_is_finite check (cost_price <> 'NaN' and cost_price > '-Infinity' and cost_price < 'Infinity');
comment on constraint inventory_unit_price_is_finite on public.inventory is 'Prices are finite numbers: never NaN or infinite.';

alter table public.orders
  add constraint orders_amounts_are_finite check (
    subtotal <> 'NaN' and subtotal > '-Infinity' and subtotal < 'Infinity'
    and tax <> 'NaN' and tax > '-Infinity' and tax < 'Infinity'
    and shipping <> 'NaN' and shipping > '-Infinity' and shipping < 'Infinity'
    and total <> 'NaN' and total > '-Infinity' and total < 'Infinity'
  );
comment on constraint orders_amounts_are_finite on public.orders is 'Order amounts are finite numbers: never NaN or infinite.';

alter table public.financial_transactions
  add constraint financial_transactions_amount_is_finite check (amount <> 'NaN' and amount > '-Infinity' and amount < 'Infinity');
comment on constraint financial_transactions_amount_is_finite on public.financial_transactions is 'Ledger amounts are finite numbers: never NaN or infinite.';

alter table public.cart_items
  add constraint cart_items_price_is_finite check (price <> 'NaN' and price > '-Infinity' and price < 'Infinity');
comment on constraint cart_items_price_is_finite on public.cart_items is 'Cart prices are finite numbers: never NaN or infinite.';

-- The hourly totals are sums of finite ledger amounts; the check keeps them so if the ledger ever
-- changes type.
alter table private.financial_hourly
  add constraint financial_hourly_amount_is_finite check (amount <> 'NaN' and amount > '-Infinity' and amount < 'Infinity');
comment on constraint financial_hourly_amount_is_finite on private.financial_hourly is 'Hourly totals are finite numbers: never NaN or infinite.';
