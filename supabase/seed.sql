-- Demo data for a fresh database (`npm run db:reset`, the first start, `supabase db reset`). Runs
-- once, after all migrations, as the database owner, in one transaction. Every date is relative to
-- now(), so the dashboards look alive whenever the database is created.
--
-- Demo accounts (password for all: garage-demo-2026):
--   customer@example.com  Casey Morales   customer   00000000-0000-4000-8000-000000000001
--   customer2@example.com Jordan Whitaker customer   00000000-0000-4000-8000-000000000002
--   support@example.com   Sam Delgado     support    00000000-0000-4000-8000-000000000003
--   admin@example.com     Alex Chen       admin      00000000-0000-4000-8000-000000000004
-- plus ten shoppers (…000000000011 to …000000000020) whose orders fill the admin reports.
--
-- Fixed ids where other rows refer to them, by prefix: 1… tickets, 2… devices, 3… knowledge-base
-- articles, 4… CMS items, 5… access codes, 6… the demo customers' orders, 7… support categories.
--
-- The numbers are chosen so that every Mission Control alert shows (spec §9): 14 orders today,
-- revenue up about 60 % on the previous 30 days, out-of-stock and low-stock inventory, 9 open or
-- in-progress tickets, refunds at about 18 % of revenue and a loss over the last 30 days (a large
-- restock). supabase/tests/seed.test.ts checks this through mission_control().

-- ---------------------------------------------------------------------------------------------
-- Accounts: auth.users + auth.identities as GoTrue writes them. The profile trigger creates every
-- profile as a customer; staff roles are granted afterwards, as an admin would.
-- ---------------------------------------------------------------------------------------------
create temporary table seed_users (
  id uuid primary key,
  email text not null,
  first_name text not null,
  last_name text not null,
  joined interval not null,
  address text not null,
  city text not null,
  state text not null,
  zip text not null,
  shopper int -- 0..9 for the shoppers that generated orders are spread over
); -- dropped at the end (not "on commit drop": the CLI may run the seed outside one transaction)

insert into seed_users values
  ('00000000-0000-4000-8000-000000000001', 'customer@example.com', 'Casey', 'Morales', '200 days', '1208 Barton Springs Rd', 'Austin', 'TX', '78704', null),
  ('00000000-0000-4000-8000-000000000002', 'customer2@example.com', 'Jordan', 'Whitaker', '120 days', '4417 SE Division St', 'Portland', 'OR', '97206', null),
  ('00000000-0000-4000-8000-000000000003', 'support@example.com', 'Sam', 'Delgado', '400 days', '500 E 4th St', 'Austin', 'TX', '78701', null),
  ('00000000-0000-4000-8000-000000000004', 'admin@example.com', 'Alex', 'Chen', '500 days', '500 E 4th St', 'Austin', 'TX', '78701', null),
  ('00000000-0000-4000-8000-000000000011', 'morgan.lee@example.com', 'Morgan', 'Lee', '150 days', '1420 Larimer St', 'Denver', 'CO', '80202', 0),
  ('00000000-0000-4000-8000-000000000012', 'priya.patel@example.com', 'Priya', 'Patel', '140 days', '2211 NE 65th St', 'Seattle', 'WA', '98115', 1),
  ('00000000-0000-4000-8000-000000000013', 'diego.ramirez@example.com', 'Diego', 'Ramirez', '135 days', '3810 N 16th St', 'Phoenix', 'AZ', '85016', 2),
  ('00000000-0000-4000-8000-000000000014', 'hannah.becker@example.com', 'Hannah', 'Becker', '130 days', '77 E Kossuth St', 'Columbus', 'OH', '43206', 3),
  ('00000000-0000-4000-8000-000000000015', 'marcus.johnson@example.com', 'Marcus', 'Johnson', '125 days', '940 Edgewood Ave NE', 'Atlanta', 'GA', '30307', 4),
  ('00000000-0000-4000-8000-000000000016', 'aiko.tanaka@example.com', 'Aiko', 'Tanaka', '118 days', '1630 Willow St', 'San Jose', 'CA', '95125', 5),
  ('00000000-0000-4000-8000-000000000017', 'olivia.brown@example.com', 'Olivia', 'Brown', '110 days', '215 Oberlin Rd', 'Raleigh', 'NC', '27605', 6),
  ('00000000-0000-4000-8000-000000000018', 'samuel.okafor@example.com', 'Samuel', 'Okafor', '105 days', '6120 Westheimer Rd', 'Houston', 'TX', '77057', 7),
  ('00000000-0000-4000-8000-000000000019', 'emma.novak@example.com', 'Emma', 'Novak', '100 days', '3401 Hennepin Ave', 'Minneapolis', 'MN', '55408', 8),
  ('00000000-0000-4000-8000-000000000020', 'lucas.silva@example.com', 'Lucas', 'Silva', '95 days', '2807 W Bay to Bay Blvd', 'Tampa', 'FL', '33629', 9);

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  -- bcrypt (cost 10) of garage-demo-2026
  '$2b$10$jwwZgYkzemGAYf.lDhJxe.0IGjPhkyxdHc/23mhSXDKl7V8Z.pMfC', now(),
  '', '', '', '',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name),
  now() - u.joined, now() - u.joined, now() - interval '2 hours'
from seed_users u;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
  'email', now() - interval '2 hours', now() - u.joined, now() - u.joined
from seed_users u;

update public.profiles p
set role = case u.email when 'support@example.com' then 'support'::public.user_role
                        when 'admin@example.com' then 'admin'::public.user_role
                        else 'customer'::public.user_role end,
    created_at = now() - u.joined
from seed_users u
where p.user_id = u.id;

-- ---------------------------------------------------------------------------------------------
-- Catalogue (spec §3): the whole entry of each product. The shop and its prerendered pages read
-- these rows; price and stock are copies of the inventory rows below (see the migrations).
-- ---------------------------------------------------------------------------------------------
insert into public.products (id, name, slug, description, price, original_price, badge, category,
  compatibility, accessory_type, rating, review_count, stock, image, is_active)
values
  (1, 'Complete System', 'complete-system',
   'Indoor unit, outdoor unit with a 160° wide-angle HD camera, the GarageGuard app and cloud dashboard: everything you need to run your garage from your phone.',
   299, 349, 'Best Seller', 'bundle', 'most-openers', null, 4.9, 1247, 15, '/products/complete-system.svg', true),
  (2, 'Indoor Unit Standalone', 'indoor-unit-standalone',
   'The smart controller on its own: connects to your existing opener so you can open, close and monitor the door from the GarageGuard app.',
   149, null, null, 'indoor', 'most-openers', null, 4.7, 892, 25, '/products/indoor-unit-front.svg', true),
  (3, 'Solar Panel Kit', 'solar-panel-kit',
   'A compact solar panel that keeps the outdoor unit charged all year, so the camera runs without a mains connection.',
   79, null, null, 'accessories', 'outdoor-unit', 'power', 4.8, 456, 40, '/products/solar-panel-front.svg', true),
  (4, 'Backup Battery Pack', 'backup-battery-pack',
   'Keeps the indoor unit, alerts and access codes working for up to 24 hours during a power cut.',
   59, null, null, 'accessories', 'universal', 'power', 4.6, 234, 30, '/products/battery-pack-front.svg', true)
on conflict (id) do update set
  name = excluded.name, slug = excluded.slug, description = excluded.description, price = excluded.price,
  original_price = excluded.original_price, badge = excluded.badge, category = excluded.category,
  compatibility = excluded.compatibility, accessory_type = excluded.accessory_type, rating = excluded.rating,
  review_count = excluded.review_count, stock = excluded.stock, image = excluded.image, is_active = excluded.is_active;

-- Gallery, key features, variants and the detail page's long-form content, in display order.
update public.products p
set sort_order = c.sort_order, images = c.images, features = c.features, variants = c.variants, overview = c.overview,
  specifications = c.specifications, installation = c.installation, warranty = c.warranty
from (values
  (1, 1,
   array['/products/complete-system.svg', '/products/indoor-unit-front.svg', '/products/outdoor-unit-front.svg', '/products/outdoor-unit-side.svg']::text[],
   array['Open, close and check your door from anywhere with the app', '160° wide-angle HD camera with infrared night vision', 'Guest and delivery access codes you can revoke at any time', 'Works with most existing garage door openers', 'Real-time alerts and a 30-day activity history in the cloud dashboard', 'Professional installation in about 2 hours']::text[],
   $txt$[{"name":"Color","options":["White","Black","Gray"]}]$txt$::jsonb,
   $txt$The GarageGuard Complete System turns the garage door you already have into a connected, secure entrance. The indoor unit sits next to your opener and drives it directly, so you can open, close and check the door from the GarageGuard app wherever you are.

Outside, the weatherproof outdoor unit watches your driveway with a 160° wide-angle HD camera. It records every arrival, recognises when a courier is waiting and lets you open the door for a one-time delivery code, so parcels end up safely inside instead of on the doorstep.

Everything comes together in the cloud dashboard: live status of both units, a history of who opened the door and when, and access codes for family, guests, cleaners or tradespeople. Installation takes about 2 hours, and you have 30 days to decide whether it is right for you.$txt$,
   $txt$[{"category":"Indoor Unit","specs":[{"name":"Dimensions","value":"120 × 90 × 35 mm"},{"name":"Opener interface","value":"Dry-contact relay with wall-button passthrough"},{"name":"Connectivity","value":"Wi-Fi 2.4 GHz, Bluetooth LE"},{"name":"Power","value":"12 V DC adapter (included)"}]},{"category":"Outdoor Unit","specs":[{"name":"Camera","value":"1080p HD, 160° wide-angle lens"},{"name":"Night vision","value":"Infrared, up to 8 m"},{"name":"Weather rating","value":"IP65"},{"name":"Operating temperature","value":"−20 °C to 50 °C"}]},{"category":"App & Cloud","specs":[{"name":"Platforms","value":"iOS 15+, Android 10+, web dashboard"},{"name":"Event history","value":"30 days included"},{"name":"Access codes","value":"Guest, delivery, temporary and permanent"},{"name":"Notifications","value":"Push and e-mail"}]}]$txt$::jsonb,
   $txt$[{"step":1,"title":"Mount the indoor unit","description":"Fix the indoor unit to the wall or ceiling within 1 m of your opener using the bracket and screws in the box."},{"step":2,"title":"Connect it to the opener","description":"Attach the two relay wires to the wall-button terminals of the opener. Your existing wall button keeps working."},{"step":3,"title":"Mount the outdoor unit","description":"Place the outdoor unit above or beside the door, angled at the driveway, and connect its power lead."},{"step":4,"title":"Pair with the app","description":"Scan the QR code on each unit with the GarageGuard app and join them to your Wi-Fi network."},{"step":5,"title":"Test and share access","description":"Open and close the door from the app, check the camera view, then create access codes for your household."}]$txt$::jsonb,
   $txt${"duration":"2 years","coverage":["Manufacturing defects in the indoor and outdoor units","Camera, sensor and relay failures","Power adapter and cabling","Free replacement shipping"],"support":"Lifetime technical support by phone, e-mail and chat, plus a 30-day money-back guarantee."}$txt$::jsonb),
  (2, 2,
   array['/products/indoor-unit-front.svg', '/products/indoor-unit-side.svg', '/products/indoor-unit-app.svg']::text[],
   array['Connects to most existing garage door openers', 'Open, close and check door status from the app', 'Auto-close timer and door-left-open alerts', 'Guest and delivery access codes', 'Add the outdoor camera unit at any time']::text[],
   $txt$[]$txt$::jsonb,
   $txt$The Indoor Unit is the heart of every GarageGuard system. It mounts next to your opener, drives it through a simple relay connection and reports whether the door is open or closed, so you always know the state of your garage.

On its own it gives you app control, scheduled auto-close, door-left-open alerts and access codes for the people you trust. When you are ready for a view of the driveway, add the outdoor unit and it pairs in a minute.$txt$,
   $txt$[{"category":"Hardware","specs":[{"name":"Dimensions","value":"120 × 90 × 35 mm"},{"name":"Weight","value":"240 g"},{"name":"Door sensor","value":"Wireless tilt sensor (included)"},{"name":"Opener interface","value":"Dry-contact relay with wall-button passthrough"}]},{"category":"Connectivity & Power","specs":[{"name":"Wireless","value":"Wi-Fi 2.4 GHz, Bluetooth LE"},{"name":"Power","value":"12 V DC adapter (included)"},{"name":"Backup","value":"Backup Battery Pack (optional)"}]}]$txt$::jsonb,
   $txt$[{"step":1,"title":"Mount the unit","description":"Fix the indoor unit within 1 m of your opener with the bracket and screws in the box."},{"step":2,"title":"Wire the relay","description":"Connect the two relay wires to the wall-button terminals of the opener."},{"step":3,"title":"Fit the door sensor","description":"Stick the tilt sensor to the top panel of the door."},{"step":4,"title":"Pair with the app","description":"Scan the QR code on the unit with the GarageGuard app and join it to your Wi-Fi network."}]$txt$::jsonb,
   $txt${"duration":"2 years","coverage":["Manufacturing defects","Relay and door sensor failures","Power adapter","Free replacement shipping"],"support":"Lifetime technical support by phone, e-mail and chat, plus a 30-day money-back guarantee."}$txt$::jsonb),
  (3, 3,
   array['/products/solar-panel-front.svg', '/products/solar-panel-side.svg', '/products/solar-panel-mounted.svg']::text[],
   array['6 W monocrystalline panel keeps the outdoor unit charged', 'Adjustable mounting bracket that tilts and swivels', '3 m weatherproof cable with a magnetic connector', 'IP66 weather resistant', 'No mains wiring needed at the door']::text[],
   $txt$[]$txt$::jsonb,
   $txt$The Solar Panel Kit powers the GarageGuard outdoor unit from daylight alone. A few hours of sun a day are enough to keep the camera recording and the access codes working, even where there is no socket near the garage door.

The panel mounts on a wall, fascia or post with the adjustable bracket, and the 3 m cable clicks into the outdoor unit with a magnetic, weatherproof connector. Battery level and charging state show in the app.$txt$,
   $txt$[{"category":"Panel","specs":[{"name":"Output","value":"6 W, 5 V"},{"name":"Cell type","value":"Monocrystalline"},{"name":"Dimensions","value":"220 × 160 × 18 mm"},{"name":"Weather rating","value":"IP66"}]},{"category":"In the box","specs":[{"name":"Cable","value":"3 m, magnetic connector"},{"name":"Bracket","value":"Adjustable tilt and swivel"},{"name":"Fixings","value":"Screws and wall plugs"}]}]$txt$::jsonb,
   $txt$[{"step":1,"title":"Choose a sunny spot","description":"Pick a place within 3 m of the outdoor unit that gets direct sun for at least 3 hours a day."},{"step":2,"title":"Fix the bracket","description":"Screw the bracket to the wall, fascia or post and clip the panel onto it."},{"step":3,"title":"Connect the cable","description":"Click the magnetic connector into the port on the underside of the outdoor unit."},{"step":4,"title":"Angle the panel","description":"Tilt the panel towards the sun and check the charging icon in the app."}]$txt$::jsonb,
   $txt${"duration":"10 years","coverage":["Panel output of at least 80% of rated power","Frame, bracket and cable defects","Free replacement shipping"],"support":"Lifetime technical support by phone, e-mail and chat."}$txt$::jsonb),
  (4, 4,
   array['/products/battery-pack-front.svg', '/products/battery-pack-side.svg']::text[],
   array['Up to 24 hours of backup for the indoor unit', 'Automatic switchover with no interruption', 'Low-battery and power-cut alerts in the app', 'Recharges from the indoor unit adapter', 'Wall-mount bracket included']::text[],
   $txt$[]$txt$::jsonb,
   $txt$A power cut should not leave your garage offline. The Backup Battery Pack sits between the adapter and the indoor unit and takes over the moment mains power drops, so monitoring, alerts and access codes keep working.

It recharges automatically when power returns and reports its charge level in the app, with an alert when it is running low.$txt$,
   $txt$[{"category":"Battery","specs":[{"name":"Capacity","value":"10,000 mAh lithium iron phosphate"},{"name":"Backup time","value":"Up to 24 hours"},{"name":"Recharge time","value":"About 5 hours"}]},{"category":"Physical","specs":[{"name":"Dimensions","value":"140 × 80 × 30 mm"},{"name":"Weight","value":"380 g"},{"name":"Connectors","value":"12 V DC in and out"}]}]$txt$::jsonb,
   $txt$[{"step":1,"title":"Mount the battery","description":"Fix the bracket next to the indoor unit and slide the battery pack onto it."},{"step":2,"title":"Connect the power","description":"Plug the adapter into the battery pack and the short lead from the pack into the indoor unit."},{"step":3,"title":"Check the app","description":"The app shows the battery level within a minute; leave it to charge fully."}]$txt$::jsonb,
   $txt${"duration":"3 years","coverage":["Manufacturing defects","Capacity of at least 70% of rated capacity","Free replacement shipping"],"support":"Lifetime technical support by phone, e-mail and chat."}$txt$::jsonb)

) as c (id, sort_order, images, features, variants, overview, specifications, installation, warranty)
where p.id = c.id;

-- The admin's stock sheet: every stock state (In Stock, Low Stock at or below the minimum, Out of
-- Stock at 0). The four shop products carry the same stock as the catalogue.
insert into public.inventory (product_id, product_name, sku, category, current_stock, minimum_stock,
  unit_price, cost_price, supplier, description, created_at, updated_at)
values
  (1, 'Complete System', 'GG-CS-001', 'bundle', 15, 5, 299, 142.50, 'Shenzhen Smart Components Ltd.', 'Indoor unit, outdoor camera unit, door sensor and mounting kit.', now() - interval '180 days', now() - interval '8 days'),
  (2, 'Indoor Unit Standalone', 'GG-IU-002', 'indoor', 25, 8, 149, 61.20, 'Shenzhen Smart Components Ltd.', 'Opener controller with Wi-Fi and Bluetooth LE.', now() - interval '180 days', now() - interval '8 days'),
  (3, 'Solar Panel Kit', 'GG-SP-003', 'accessories', 40, 10, 79, 28.75, 'SunCell Energy Co.', '6 W panel with bracket and magnetic cable.', now() - interval '170 days', now() - interval '20 days'),
  (4, 'Backup Battery Pack', 'GG-BB-004', 'accessories', 30, 10, 59, 22.40, 'VoltCore Batteries Inc.', '10,000 mAh LiFePO4 pack with wall bracket.', now() - interval '170 days', now() - interval '20 days'),
  (null, 'Outdoor Unit (replacement)', 'GG-OU-005', 'outdoor', 12, 5, 169, 74.00, 'Shenzhen Smart Components Ltd.', 'Spare 160° camera unit for warranty replacements.', now() - interval '160 days', now() - interval '12 days'),
  (null, 'Outdoor Unit Mounting Bracket', 'GG-MB-010', 'accessories', 3, 10, 19, 4.10, 'Midwest Metalworks', 'Adjustable wall and soffit bracket.', now() - interval '150 days', now() - interval '2 days'),
  (null, 'Door Position Sensor', 'GG-DS-011', 'accessories', 0, 12, 29, 7.80, 'SensIQ Electronics', 'Tilt sensor that reports Open or Closed.', now() - interval '150 days', now() - interval '1 day'),
  (null, 'Extension Cable 5 m', 'GG-CB-012', 'accessories', 6, 8, 15, 2.90, 'CableWorks Supply', '12 V DC extension lead for the outdoor unit.', now() - interval '140 days', now() - interval '4 days'),
  (null, 'Remote Key Fob', 'GG-RM-013', 'accessories', 0, 15, 25, 6.30, 'SensIQ Electronics', 'Two-button fob paired with the indoor unit.', now() - interval '120 days', now() - interval '3 days'),
  (null, '12 V Power Adapter', 'GG-PA-014', 'accessories', 64, 15, 12, 3.10, 'VoltCore Batteries Inc.', 'Spare mains adapter for the indoor unit.', now() - interval '120 days', now() - interval '30 days');

-- ---------------------------------------------------------------------------------------------
-- Support categories (spec §9 article categories; also the ticket categories).
-- ---------------------------------------------------------------------------------------------
insert into public.support_categories (id, name, is_active, created_at) values
  ('70000000-0000-4000-8000-000000000001', 'Getting Started', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000002', 'Technical Support', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000003', 'Account & Billing', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000004', 'Installation', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000005', 'Troubleshooting', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000006', 'Security', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000007', 'FAQs', true, now() - interval '500 days'),
  ('70000000-0000-4000-8000-000000000008', 'Product Information', true, now() - interval '500 days');

-- ---------------------------------------------------------------------------------------------
-- Orders (normally created only by place_order): the demo customers' own history, then 90 days
-- of shoppers' orders — 2 a day until 30 days ago, 3 a day since, 12 so far today — so revenue
-- grows about 60 % on the previous 30 days. Prices and totals follow spec §9 (10 % tax, free
-- shipping). Cancelled orders are refunded below.
-- One insert, in the order the orders were placed, so the order numbers (an identity from 100001)
-- grow with created_at as place_order would have given them. Expected delivery: 5 days after the
-- order, as place_order sets it.
-- ---------------------------------------------------------------------------------------------
insert into public.orders (id, user_id, status, items, subtotal, tax, shipping, total, email,
  shipping_name, shipping_address, shipping_city, shipping_state, shipping_zip, created_at, updated_at,
  expected_delivery_at)
select seeded.*, seeded.created_at + interval '5 days'
from (
select o.id, u.id as user_id, o.status::public.order_status as status, o.items::jsonb as items, o.subtotal,
  round(o.subtotal * 0.10, 2) as tax, 0 as shipping,
  round(o.subtotal * 1.10, 2) as total, u.email, u.first_name || ' ' || u.last_name as shipping_name, u.address, u.city, u.state, u.zip,
  now() - o.age as created_at, now() - least(o.age, o.age / 2 + interval '1 hour') as updated_at
from (values
  ('60000000-0000-4000-8000-000000000001'::uuid, 'customer@example.com', 'delivered', interval '45 days 3 hours', 299.00,
   '[{"product_id":1,"name":"Complete System","quantity":1,"price":299}]'),
  ('60000000-0000-4000-8000-000000000002', 'customer@example.com', 'delivered', '25 days 5 hours', 138.00,
   '[{"product_id":3,"name":"Solar Panel Kit","quantity":1,"price":79},{"product_id":4,"name":"Backup Battery Pack","quantity":1,"price":59}]'),
  ('60000000-0000-4000-8000-000000000003', 'customer@example.com', 'cancelled', '18 days 2 hours', 149.00,
   '[{"product_id":2,"name":"Indoor Unit Standalone","quantity":1,"price":149}]'),
  ('60000000-0000-4000-8000-000000000004', 'customer@example.com', 'shipped', '3 days 4 hours', 149.00,
   '[{"product_id":2,"name":"Indoor Unit Standalone","quantity":1,"price":149}]'),
  ('60000000-0000-4000-8000-000000000005', 'customer@example.com', 'processing', '0 days', 118.00,
   '[{"product_id":4,"name":"Backup Battery Pack","quantity":2,"price":59}]'),
  ('60000000-0000-4000-8000-000000000006', 'customer2@example.com', 'delivered', '60 days 6 hours', 378.00,
   '[{"product_id":1,"name":"Complete System","quantity":1,"price":299},{"product_id":3,"name":"Solar Panel Kit","quantity":1,"price":79}]'),
  ('60000000-0000-4000-8000-000000000007', 'customer2@example.com', 'pending', '0 days', 299.00,
   '[{"product_id":1,"name":"Complete System","quantity":1,"price":299}]')
) as o(id, email, status, age, subtotal, items)
join seed_users u on u.email = o.email
union all
-- "Today" orders are spread between midnight and now, so they are today whenever the seed runs.
select md5('seed-order-' || s.day || '-' || s.k)::uuid, u.id,
  (case
    when s.day = 0 then case when s.k % 4 = 0 then 'pending' else 'processing' end
    when (s.day <= 30 and (s.day + s.k) % 6 = 0) or (s.day > 30 and (s.day + s.k) % 15 = 0) then 'cancelled'
    when s.day <= 2 then 'processing'
    when s.day <= 6 then 'shipped'
    else 'delivered'
  end)::public.order_status,
  c.items::jsonb, c.subtotal, round(c.subtotal * 0.10, 2), 0, round(c.subtotal * 1.10, 2),
  u.email, u.first_name || ' ' || u.last_name, u.address, u.city, u.state, u.zip,
  s.at, least(s.at + interval '4 days', now())
from (
  select 0 as day, k, date_trunc('day', now()) + (now() - date_trunc('day', now())) * (k / 13.0)::float8 as at
  from generate_series(1, 12) k
  union all
  select d, k, date_trunc('day', now()) - d * interval '1 day' + interval '8 hours' + k * interval '3 hours 17 minutes'
  from generate_series(1, 90) d, generate_series(1, case when d <= 30 then 3 else 2 end) k
) s
join seed_users u on u.shopper = (s.day * 7 + s.k) % 10
join (values
  (0, 299.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299}]'),
  (1, 149.00, '[{"product_id":2,"name":"Indoor Unit Standalone","quantity":1,"price":149}]'),
  (2, 378.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299},{"product_id":3,"name":"Solar Panel Kit","quantity":1,"price":79}]'),
  (3, 118.00, '[{"product_id":4,"name":"Backup Battery Pack","quantity":2,"price":59}]'),
  (4, 358.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299},{"product_id":4,"name":"Backup Battery Pack","quantity":1,"price":59}]'),
  (5, 299.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299}]')
) as c(n, subtotal, items) on c.n = (s.day * 5 + s.k) % 6
) seeded
order by seeded.created_at, seeded.id;

-- ---------------------------------------------------------------------------------------------
-- Ledger (spec §9: revenue = sale + revenue, expenses = expense + refund). Every order is a sale;
-- every cancelled order is refunded two days later. This month's big restock makes the 30-day net
-- profit negative while the previous 30 days are profitable.
-- ---------------------------------------------------------------------------------------------
insert into public.financial_transactions (transaction_type, amount, currency, description, category, order_id, processed_at, created_at)
select 'sale', o.total, 'USD', 'Order ' || upper(left(o.id::text, 8)), 'Product Sales', o.id, o.created_at, o.created_at
from public.orders o;

insert into public.financial_transactions (transaction_type, amount, currency, description, category, order_id, processed_at, created_at)
select 'refund', o.total, 'USD', 'Refund for order ' || upper(left(o.id::text, 8)), 'Returns', o.id,
  least(o.created_at + interval '2 days', now() - interval '1 hour'), least(o.created_at + interval '2 days', now() - interval '1 hour')
from public.orders o
where o.status = 'cancelled';

-- Extended warranty plans every third day, and a monthly property-management contract.
insert into public.financial_transactions (transaction_type, amount, currency, description, category, processed_at, created_at)
select 'revenue'::public.transaction_type, 49 * (1 + d % 2), 'USD', 'Extended warranty plan' || case when d % 2 = 1 then 's (2)' else '' end,
  'Services', now() - d * interval '1 day' - interval '5 hours', now() - d * interval '1 day' - interval '5 hours'
from generate_series(3, 90, 3) d
union all
select 'revenue'::public.transaction_type, 1250, 'USD', 'Property management contract: Riverbend Apartments', 'Contracts',
  now() - d * interval '1 day', now() - d * interval '1 day'
from unnest(array[7, 37, 67]) d;

-- Monthly running costs (m = 0, 30, 60 days back), weekly carrier invoices and restocks.
insert into public.financial_transactions (transaction_type, amount, currency, description, category, processed_at, created_at)
select 'expense'::public.transaction_type, e.amount, 'USD', e.description, e.category, now() - (e.day + m) * interval '1 day', now() - (e.day + m) * interval '1 day'
from (values
  (5, 6200.00, 'Payroll: support and operations', 'Payroll'),
  (19, 2400.00, 'Warehouse rent, Austin', 'Facilities'),
  (2, 1150.00, 'Cloud hosting and video storage', 'Infrastructure'),
  (3, 420.00, 'Carrier invoice: outbound shipping', 'Shipping'),
  (10, 420.00, 'Carrier invoice: outbound shipping', 'Shipping'),
  (17, 420.00, 'Carrier invoice: outbound shipping', 'Shipping'),
  (24, 420.00, 'Carrier invoice: outbound shipping', 'Shipping')
) as e(day, amount, description, category), unnest(array[0, 30, 60]) m
union all
select 'expense'::public.transaction_type, e.amount, 'USD', e.description, e.category, now() - e.day * interval '1 day', now() - e.day * interval '1 day'
from (values
  (11, 4200.00, 'Holiday marketing campaign', 'Marketing'),
  (41, 1500.00, 'Online advertising', 'Marketing'),
  (71, 1500.00, 'Online advertising', 'Marketing'),
  (8, 18500.00, 'Holiday restock: 150 Complete Systems (Shenzhen Smart Components)', 'Inventory'),
  (75, 2900.00, 'Restock: sensors, fobs and brackets', 'Inventory')
) as e(day, amount, description, category);

-- ---------------------------------------------------------------------------------------------
-- Devices: each demo customer has one in every status (online, offline, maintenance, error).
-- ---------------------------------------------------------------------------------------------
insert into public.devices (id, user_id, name, device_type, location, serial_number, status, firmware_version, last_seen, created_at, updated_at)
select d.id, u.id, d.name, d.device_type::public.device_type, d.location, d.serial, d.status::public.device_status, d.firmware,
  now() - d.seen, now() - d.age, now() - least(d.age, d.seen)
from (values
  ('20000000-0000-4000-8000-000000000001'::uuid, 'customer@example.com', 'Main Garage Door', 'indoor_unit', 'Main garage', 'GG-IU-24A-018842', 'online', '2.4.1', interval '2 minutes', interval '190 days'),
  ('20000000-0000-4000-8000-000000000002', 'customer@example.com', 'Driveway Camera', 'outdoor_unit', 'Above the main garage door', 'GG-OU-24A-020113', 'online', '2.4.1', '1 minute', '190 days'),
  ('20000000-0000-4000-8000-000000000003', 'customer@example.com', 'Workshop Door', 'indoor_unit', 'Backyard workshop', 'GG-IU-24B-031907', 'maintenance', '2.3.8', '3 hours', '95 days'),
  ('20000000-0000-4000-8000-000000000004', 'customer@example.com', 'Garage Backup Battery', 'backup_battery', 'Main garage, next to the opener', 'GG-BB-24A-007731', 'offline', '1.2.0', '2 days 6 hours', '25 days'),
  ('20000000-0000-4000-8000-000000000005', 'customer@example.com', 'Side Gate Camera', 'outdoor_unit', 'Side gate', 'GG-OU-24B-033580', 'error', '2.3.8', '5 hours', '60 days'),
  ('20000000-0000-4000-8000-000000000011', 'customer2@example.com', 'Garage Controller', 'indoor_unit', 'Attached garage', 'GG-IU-24A-019655', 'online', '2.4.1', '4 minutes', '60 days'),
  ('20000000-0000-4000-8000-000000000012', 'customer2@example.com', 'Front Camera', 'outdoor_unit', 'Front of the garage', 'GG-OU-24A-021478', 'error', '2.4.0', '9 hours', '60 days'),
  ('20000000-0000-4000-8000-000000000013', 'customer2@example.com', 'Battery Pack', 'backup_battery', 'Attached garage', 'GG-BB-24A-008102', 'maintenance', '1.2.0', '1 hour', '40 days'),
  ('20000000-0000-4000-8000-000000000014', 'customer2@example.com', 'Carport Door', 'indoor_unit', 'Carport', 'GG-IU-24B-034221', 'offline', '2.3.8', '6 days', '30 days')
) as d(id, email, name, device_type, location, serial, status, firmware, seen, age)
join seed_users u on u.email = d.email;

-- The door units last reported their doors closed (the device simulator, started by npm start,
-- reports from then on).
update public.devices set door_state = 'closed', door_state_at = now() - interval '3 hours'
where device_type = 'indoor_unit' and id::text like '20000000-0000-4000-8000-0000000000%';

-- Both demo homes are on the US east coast: guest schedules are read in the home's time zone.
update public.devices set time_zone = 'America/New_York'
where id::text like '20000000-0000-4000-8000-0000000000%';

-- ---------------------------------------------------------------------------------------------
-- Access codes in every state (spec §4, checked in this order): expired (expires_at past), limit
-- reached (usage_count >= max_usage), revoked (is_active false), otherwise active.
-- ---------------------------------------------------------------------------------------------
insert into public.access_permissions (id, user_id, device_id, permission_type, access_code, granted_to_name,
  granted_to_email, expires_at, max_usage, usage_count, is_active, created_at, updated_at)
select a.id, u.id, a.device_id, a.permission_type::public.permission_type, a.code, a.granted_to, a.granted_email,
  now() + a.expires_in, a.max_usage, a.usage_count, a.is_active, now() - a.age, now() - a.age / 2
from (values
  -- Casey: active guest, delivery and permanent codes; one of each finished state
  ('50000000-0000-4000-8000-000000000001'::uuid, 'customer@example.com', '20000000-0000-4000-8000-000000000001'::uuid, 'guest', 'K7M2QX', 'Dana (dog sitter)', 'dana.walker@example.com', interval '7 days', 20, 3, true, interval '5 days'),
  ('50000000-0000-4000-8000-000000000002', 'customer@example.com', '20000000-0000-4000-8000-000000000001', 'delivery', 'D4LV9R', 'Parcel couriers', null, null, null, 14, true, '40 days'),
  ('50000000-0000-4000-8000-000000000003', 'customer@example.com', '20000000-0000-4000-8000-000000000001', 'permanent', 'P8HN3T', 'Riley Morales', 'riley.morales@example.com', null, null, 57, true, '180 days'),
  ('50000000-0000-4000-8000-000000000004', 'customer@example.com', '20000000-0000-4000-8000-000000000003', 'temporary', 'T5WB6C', 'Northside Plumbing', 'jobs@northside-plumbing.example.com', '-3 days', 5, 2, true, '10 days'),
  ('50000000-0000-4000-8000-000000000005', 'customer@example.com', '20000000-0000-4000-8000-000000000001', 'guest', 'G2ZK8E', 'Weekend guests', null, '20 days', 4, 4, true, '6 days'),
  ('50000000-0000-4000-8000-000000000006', 'customer@example.com', '20000000-0000-4000-8000-000000000001', 'delivery', 'R9FJ1Y', 'Old courier code', null, null, null, 31, false, '90 days'),
  -- Jordan: the same four states
  ('50000000-0000-4000-8000-000000000011', 'customer2@example.com', '20000000-0000-4000-8000-000000000011', 'temporary', 'H3XQ7N', 'Sparkle Cleaning Co.', 'bookings@sparkle-cleaning.example.com', '30 days', 8, 2, true, '3 days'),
  ('50000000-0000-4000-8000-000000000012', 'customer2@example.com', '20000000-0000-4000-8000-000000000011', 'guest', 'B6YT2M', 'Aunt Lou', null, '-12 days', null, 1, true, '20 days'),
  ('50000000-0000-4000-8000-000000000013', 'customer2@example.com', '20000000-0000-4000-8000-000000000014', 'delivery', 'W8CE4P', 'Furniture delivery', null, '2 days', 1, 1, true, '1 day'),
  ('50000000-0000-4000-8000-000000000014', 'customer2@example.com', '20000000-0000-4000-8000-000000000011', 'permanent', 'N1VS5K', 'Former roommate', 'sam.roomie@example.com', null, null, 88, false, '100 days')
) as a(id, email, device_id, permission_type, code, granted_to, granted_email, expires_in, max_usage, usage_count, is_active, age)
join seed_users u on u.email = a.email;

-- The cleaners come on weekdays during office hours (a guest schedule: Monday to Friday, 9:00-17:00
-- in the home's time zone).
update public.access_permissions set schedule_days = 31, schedule_start = '09:00', schedule_end = '17:00'
where id = '50000000-0000-4000-8000-000000000011';

-- ---------------------------------------------------------------------------------------------
-- Door log (device_events): the codes above logged 'code_created' themselves (a trigger, at each
-- code's created_at). The rest of the history as the door units and the triggers would have
-- written it: redemptions and refusals (redeem_access_code), a revoked code, two status changes
-- that left Casey's Side Gate Camera in error and the Workshop Door in maintenance. The log
-- starts later than some codes, so usage counts include uses from before it.
-- ---------------------------------------------------------------------------------------------
insert into public.device_events (user_id, device_id, permission_id, kind, access_code, detail, previous_status, status, created_at)
select u.id, e.device_id, e.permission_id, e.kind, e.code, e.detail, e.previous_status, e.status, now() - e.ago
from (values
  -- Casey: Main Garage Door (…01), Workshop Door (…03), Side Gate Camera (…05)
  ('customer@example.com', '20000000-0000-4000-8000-000000000001'::uuid, '50000000-0000-4000-8000-000000000006'::uuid, 'code_revoked', 'R9FJ1Y', null, null, null, interval '45 days'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002', 'code_redeemed', 'D4LV9R', null, null, null, '6 days 2 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000001', 'code_redeemed', 'K7M2QX', null, null, null, '4 days 7 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002', 'code_redeemed', 'D4LV9R', null, null, null, '3 days 1 hour'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000003', '50000000-0000-4000-8000-000000000004', 'code_refused', 'T5WB6C', 'Expired', null, null, '2 days 4 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000001', 'code_redeemed', 'K7M2QX', null, null, null, '2 days 2 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000005', 'code_refused', 'G2ZK8E', 'Limit Reached', null, null, '1 day 9 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', null, 'code_refused', 'K7M2XQ', 'Invalid access code', null, null, '1 day 5 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002', 'code_redeemed', 'D4LV9R', null, null, null, '22 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000001', 'code_redeemed', 'K7M2QX', null, null, null, '7 hours 40 minutes'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000005', null, 'status_changed', null, null, 'online', 'error', '5 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000003', null, 'status_changed', null, null, 'online', 'maintenance', '3 hours'),
  ('customer@example.com', '20000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002', 'code_redeemed', 'D4LV9R', null, null, null, '50 minutes'),
  -- Jordan: Garage Controller (…11), Front Camera (…12)
  ('customer2@example.com', '20000000-0000-4000-8000-000000000011', '50000000-0000-4000-8000-000000000014', 'code_revoked', 'N1VS5K', null, null, null, '50 days'),
  ('customer2@example.com', '20000000-0000-4000-8000-000000000011', '50000000-0000-4000-8000-000000000012', 'code_refused', 'B6YT2M', 'Expired', null, null, '5 days 3 hours'),
  ('customer2@example.com', '20000000-0000-4000-8000-000000000011', '50000000-0000-4000-8000-000000000011', 'code_redeemed', 'H3XQ7N', null, null, null, '1 day 20 hours'),
  ('customer2@example.com', '20000000-0000-4000-8000-000000000012', null, 'status_changed', null, null, 'online', 'error', '9 hours')
) as e(email, device_id, permission_id, kind, code, detail, previous_status, status, ago)
join seed_users u on u.email = e.email;

-- ---------------------------------------------------------------------------------------------
-- Support tickets: every status and priority; 9 open or in progress (Mission Control's complaints
-- alert fires above 5); two resolved today. Conversations include internal staff notes, and the
-- first staff reply comes after anything from 8 minutes to a day.
-- ---------------------------------------------------------------------------------------------
insert into public.support_tickets (id, user_id, subject, description, category_id, priority, status, assigned_to, resolved_at, created_at, updated_at)
select t.id, u.id, t.subject, t.description, c.id, t.priority::public.ticket_priority, t.status::public.ticket_status,
  case when t.assigned then '00000000-0000-4000-8000-000000000003'::uuid end,
  now() - t.resolved_ago, now() - t.age, now() - coalesce(t.resolved_ago, t.age / 3)
from (values
  ('10000000-0000-4000-8000-000000000001'::uuid, 'customer@example.com', 'Troubleshooting', 'high', 'open', false,
   'Side gate camera shows an error after the firmware update',
   'Since last night the Side Gate Camera shows a red Error badge in the dashboard. The Driveway Camera updated to 2.4.1 fine, but this one is still on 2.3.8 and will not restart from the app.',
   interval '5 hours', null::interval),
  ('10000000-0000-4000-8000-000000000002', 'customer@example.com', 'Security', 'urgent', 'in_progress', true,
   'Someone tried an expired access code at the workshop',
   'My activity history shows the plumber''s temporary code T5WB6C being entered at the workshop door this morning, a day after it expired. The door stayed shut, but I want to know who it was and whether I should change anything.',
   '2 days', null),
  ('10000000-0000-4000-8000-000000000003', 'customer@example.com', 'Account & Billing', 'medium', 'resolved', true,
   'Refund for my cancelled Indoor Unit order',
   'I cancelled my Indoor Unit Standalone order the same day I placed it. The order shows Cancelled, but I cannot see the refund on my card yet. Could you check?',
   '4 days', '0 days'),
  ('10000000-0000-4000-8000-000000000004', 'customer@example.com', 'Product Information', 'low', 'closed', true,
   'Does the Solar Panel Kit work in winter?',
   'We get short days in December. Will the Solar Panel Kit keep the Driveway Camera running through the winter, or do I need to keep it on mains power?',
   '30 days', '29 days'),
  ('10000000-0000-4000-8000-000000000005', 'customer2@example.com', 'Installation', 'medium', 'open', false,
   'Carport door controller will not pair',
   'I installed a second indoor unit for the carport. The app finds it over Bluetooth but the Wi-Fi step times out at 90 %. The first unit in the garage works fine on the same network.',
   '1 day', null),
  ('10000000-0000-4000-8000-000000000006', 'customer2@example.com', 'Getting Started', 'low', 'in_progress', true,
   'How do I share access with my partner?',
   'My partner wants to open the garage from their own phone. Should I create a permanent access code for them, or can they have their own login for the same devices?',
   '3 days', null),
  ('10000000-0000-4000-8000-000000000007', 'customer2@example.com', 'Technical Support', 'high', 'resolved', true,
   'Front camera night vision is blurry',
   'Since the weekend the night picture of the Front Camera is washed out and blurry. Daytime video looks normal. I cleaned the lens but it did not help.',
   '9 days', '6 days'),
  ('10000000-0000-4000-8000-000000000008', 'morgan.lee@example.com', 'Troubleshooting', 'urgent', 'open', false,
   'Garage door opened by itself overnight',
   'The app says the door opened at 03:12 and closed at 03:14. Nobody in the house did it and there is no access code entry in the history. Please help urgently.',
   '40 minutes', null),
  ('10000000-0000-4000-8000-000000000009', 'priya.patel@example.com', 'FAQs', 'low', 'open', false,
   'Can I use the app on two phones?',
   'Can I sign in to the GarageGuard app on my phone and my tablet at the same time, or will one of them be signed out?',
   '2 days', null),
  ('10000000-0000-4000-8000-000000000010', 'diego.ramirez@example.com', 'Technical Support', 'high', 'open', true,
   'Indoor unit keeps dropping off Wi-Fi',
   'The indoor unit goes offline several times a day and comes back after a few minutes. The router is about 12 m away, through two walls. Signal in the app shows two bars.',
   '1 day', null),
  ('10000000-0000-4000-8000-000000000011', 'hannah.becker@example.com', 'Account & Billing', 'medium', 'open', false,
   'Charged twice for my order',
   'My bank statement shows two charges of $328.90 for one Complete System order. I only have one order in my account.',
   '6 hours', null),
  ('10000000-0000-4000-8000-000000000012', 'marcus.johnson@example.com', 'Installation', 'high', 'in_progress', true,
   'Wall button stopped working after installing the indoor unit',
   'After connecting the indoor unit to the opener, the app opens and closes the door but the wall button in the garage no longer does anything.',
   '1 day 4 hours', null),
  ('10000000-0000-4000-8000-000000000013', 'aiko.tanaka@example.com', 'Security', 'urgent', 'resolved', true,
   'I think someone else signed in to my account',
   'I got a sign-in alert from a city I have never been to. I changed my password right away. Can you check whether anything was changed on my account?',
   '10 hours', '0 days'),
  ('10000000-0000-4000-8000-000000000014', 'olivia.brown@example.com', 'Getting Started', 'medium', 'closed', true,
   'Where do I find the setup QR code?',
   'The app asks me to scan the QR code of the indoor unit, but I cannot find it on the box or on the front of the unit.',
   '15 days', '14 days'),
  ('10000000-0000-4000-8000-000000000015', 'samuel.okafor@example.com', 'Product Information', 'low', 'resolved', true,
   'Battery pack runtime with the camera',
   'Does the Backup Battery Pack also power the outdoor camera during a power cut, and for how long?',
   '20 days', '19 days')
) as t(id, email, category, priority, status, assigned, subject, description, age, resolved_ago)
join seed_users u on u.email = t.email
join public.support_categories c on c.name = t.category;

-- The resolved_at trigger stamps now() on a ticket inserted as resolved; put the older ones back.
update public.support_tickets
set resolved_at = case id
  when '10000000-0000-4000-8000-000000000003' then greatest(date_trunc('day', now()), now() - interval '2 hours')
  when '10000000-0000-4000-8000-000000000007' then now() - interval '6 days'
  when '10000000-0000-4000-8000-000000000013' then greatest(date_trunc('day', now()), now() - interval '20 minutes')
  when '10000000-0000-4000-8000-000000000015' then now() - interval '19 days'
end
where id in ('10000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000007',
             '10000000-0000-4000-8000-000000000013', '10000000-0000-4000-8000-000000000015');

-- Messages: "after" is the time since the ticket was opened. Staff = Sam (support) or Alex (admin).
insert into public.support_messages (ticket_id, user_id, message, is_internal, created_at)
select m.ticket_id, u.id, m.message, m.internal, t.created_at + m.after
from (values
  ('10000000-0000-4000-8000-000000000001'::uuid, 'customer@example.com', false, interval '20 minutes',
   'I also tried unplugging it for a minute. Same error after it starts up.'),
  ('10000000-0000-4000-8000-000000000001', 'support@example.com', true, '3 hours',
   'Internal: serial GG-OU-24B-033580 is in the batch with the 2.4.1 flash issue. Push the recovery image before replying.'),
  ('10000000-0000-4000-8000-000000000002', 'support@example.com', false, '12 minutes',
   'Thanks for reporting this, Casey. Expired codes are always refused, so your workshop stayed locked. I am checking the outdoor camera clip for that time now.'),
  ('10000000-0000-4000-8000-000000000002', 'support@example.com', true, '40 minutes',
   'Internal: clip shows a van from Northside Plumbing. Probably their technician reusing an old code; no sign of brute force (1 attempt).'),
  ('10000000-0000-4000-8000-000000000002', 'customer@example.com', false, '2 hours',
   'That makes sense, they were due to come back for the boiler. Should I create a new code for them?'),
  ('10000000-0000-4000-8000-000000000002', 'admin@example.com', false, '1 day 3 hours',
   'Yes: create a temporary code with a usage limit for their next visit. We are also adding an alert for repeated expired-code attempts.'),
  ('10000000-0000-4000-8000-000000000003', 'support@example.com', false, '2 hours',
   'The refund of $163.90 was issued two days after you cancelled. Banks usually show it within 5 business days.'),
  ('10000000-0000-4000-8000-000000000003', 'customer@example.com', false, '3 days 20 hours',
   'It is on my card now. Thank you!'),
  ('10000000-0000-4000-8000-000000000004', 'support@example.com', false, '1 day',
   'Yes. The panel needs about 3 hours of direct sun a day; in winter the outdoor unit''s own battery covers the gaps for several days.'),
  ('10000000-0000-4000-8000-000000000005', 'support@example.com', false, '45 minutes',
   'The second unit may be trying the 5 GHz band. Make sure your router offers 2.4 GHz, then start pairing again within 2 m of the router.'),
  ('10000000-0000-4000-8000-000000000005', 'support@example.com', true, '50 minutes',
   'Internal: if 2.4 GHz does not help, send a replacement; batch 24B had a few weak Wi-Fi modules.'),
  ('10000000-0000-4000-8000-000000000006', 'support@example.com', false, '1 day 2 hours',
   'Both work. A permanent access code is quickest; a separate account is coming with shared households later this year.'),
  ('10000000-0000-4000-8000-000000000006', 'support@example.com', true, '1 day 2 hours 5 minutes',
   'Internal: customer asked about shared households. Tag for the product team.'),
  ('10000000-0000-4000-8000-000000000007', 'support@example.com', false, '5 hours',
   'The infrared filter can stick after a cold night. Firmware 2.4.1 recalibrates it: please update from the device page and tell us if it helps.'),
  ('10000000-0000-4000-8000-000000000007', 'customer2@example.com', false, '2 days 20 hours',
   'Updated and the night picture is sharp again. Thanks.'),
  ('10000000-0000-4000-8000-000000000010', 'support@example.com', false, '3 hours',
   'Two bars through two walls is on the edge. Could you try moving the router or adding a mesh point halfway and tell us whether the drops stop?'),
  ('10000000-0000-4000-8000-000000000011', 'admin@example.com', true, '1 hour',
   'Internal: payment provider shows one capture and one authorisation hold for this order. The hold should drop off; confirm before replying.'),
  ('10000000-0000-4000-8000-000000000012', 'support@example.com', false, '25 minutes',
   'The wall button wires need to go through the passthrough terminals on the indoor unit. Could you send a photo of the wiring?'),
  ('10000000-0000-4000-8000-000000000012', 'marcus.johnson@example.com', false, '3 hours',
   'Photo attached in the app. I connected both wires to the opener directly.'),
  ('10000000-0000-4000-8000-000000000013', 'support@example.com', false, '8 minutes',
   'We signed out every session on your account and reviewed the log: the sign-in came from a VPN you used last week. Nothing was changed. We recommend turning on two-factor authentication.'),
  ('10000000-0000-4000-8000-000000000013', 'support@example.com', true, '15 minutes',
   'Internal: IP 198.51.100.77 matches her earlier VPN sessions. No device or code changes in the audit log.'),
  ('10000000-0000-4000-8000-000000000014', 'support@example.com', false, '4 hours',
   'The QR code is on a sticker on the back of the indoor unit, and there is a copy on the inside of the box lid.'),
  ('10000000-0000-4000-8000-000000000015', 'support@example.com', false, '30 minutes',
   'The Backup Battery Pack powers the indoor unit only. The outdoor unit has its own battery, and the Solar Panel Kit keeps it charged.')
) as m(ticket_id, email, internal, after, message)
join seed_users u on u.email = m.email
join public.support_tickets t on t.id = m.ticket_id;

-- ---------------------------------------------------------------------------------------------
-- Knowledge base: 14 published articles (three featured: setup guide, connection troubleshooting,
-- security features) and 2 drafts, with varied view and helpful counts.
-- ---------------------------------------------------------------------------------------------
insert into public.kb_articles (id, title, content, category, tags, is_published, is_featured, author_id, view_count, helpful_votes, created_at, updated_at)
select a.id, a.title, a.content, a.category, a.tags, a.published, a.featured,
  (select id from seed_users where email = a.author), a.views, a.helpful, now() - a.age, now() - a.age / 4
from (values
  ('30000000-0000-4000-8000-000000000001'::uuid, 'Setting Up Your GarageGuard System', 'Getting Started',
   array['setup', 'installation', 'app', 'pairing'], true, true, 'support@example.com', 4820, 612, interval '300 days',
$md$This guide takes you from an unopened box to a door you can open from your phone. Most people finish in about two hours.

## What you need
- The GarageGuard indoor unit, outdoor unit and the mounting kit from the box
- A Phillips screwdriver and a drill with a 6 mm bit
- Your Wi-Fi name and password (2.4 GHz network)
- The GarageGuard app on your phone, signed in to your account

## 1. Mount the indoor unit
Fix the indoor unit to the wall or ceiling within 1 m of your opener, using the bracket and screws in the box. Keep it away from the opener's moving rail.

## 2. Connect it to the opener
Attach the two relay wires to the wall-button terminals of the opener. Your existing wall button keeps working: connect its wires to the passthrough terminals on the indoor unit.

## 3. Mount the outdoor unit
Place the outdoor unit above or beside the door, angled at the driveway, and connect its power lead (or the Solar Panel Kit).

## 4. Pair with the app
Open the app, tap Add Device and scan the QR code on the back of each unit. Choose your Wi-Fi network and enter the password. Pairing takes about a minute per unit.

## 5. Test and share access
Open and close the door from the app, check the camera view, then create access codes for your household under Access.

If anything does not work, see "Troubleshooting Connection Issues" or open a support ticket: we answer within a few hours.$md$),
  ('30000000-0000-4000-8000-000000000002', 'Troubleshooting Connection Issues', 'Troubleshooting',
   array['wifi', 'offline', 'connection', 'router'], true, true, 'support@example.com', 3975, 508, '280 days',
$md$When a device shows Offline in the dashboard, the app cannot reach it. Work through these checks in order; most connection problems are solved by the first three.

## 1. Check power
The status LED on the indoor unit should be steady green. No light means no power: check the adapter and the socket. If you have a Backup Battery Pack, check its charge level in the app.

## 2. Check the Wi-Fi band
GarageGuard units use 2.4 GHz Wi-Fi. If your router combines 2.4 and 5 GHz under one name, the unit may fail to join. Turn on a separate 2.4 GHz network or enable "compatibility mode" on the router.

## 3. Check the signal
Open the device page: two bars or fewer means a weak signal. Garages are often behind thick walls. Move the router, add a mesh point or a Wi-Fi extender halfway, and avoid placing the unit on metal.

## 4. Restart the unit
Unplug the indoor unit for 30 seconds and plug it in again. It reconnects within two minutes.

## 5. Re-pair the device
If it still shows Offline, remove the device in the app and pair it again with the QR code on the back of the unit.

Your wall button and remotes keep working even while a unit is offline. If none of this helps, open a ticket in the Technical Support category with your device's serial number.$md$),
  ('30000000-0000-4000-8000-000000000003', 'Understanding GarageGuard Security Features', 'Security',
   array['security', 'encryption', 'access codes', '2fa'], true, true, 'admin@example.com', 2890, 401, '260 days',
$md$Your garage is an entrance to your home, so GarageGuard is built with several layers of protection.

## Encrypted from end to end
Commands between the app, the cloud and your units travel over TLS, and each unit has its own device certificate. Camera clips are encrypted in transit and at rest and are visible only to you and the people you invite.

## Access codes you control
Every code is 6 characters and belongs to one device. Give each person their own code, set an expiry date or a usage limit, and revoke it at any time. Expired, used-up and revoked codes are always refused, and every attempt is recorded in your activity history.

## Two-factor authentication
Turn on two-factor authentication in your account settings. After that, signing in needs your password and a 6-digit code from your authenticator app.

## Sign-in alerts and session control
You get an alert for sign-ins from a new device. Signing out from the account menu signs out every session, everywhere.

## Safe door operation
GarageGuard never disables your opener's safety features: auto-reverse and photo-eye sensors keep working. Only open the door remotely when you are sure nobody is in its path.$md$),
  ('30000000-0000-4000-8000-000000000004', 'Installing the Outdoor Unit and Camera', 'Installation',
   array['outdoor unit', 'camera', 'mounting'], true, false, 'support@example.com', 1960, 233, '240 days',
$md$The outdoor unit holds the 160° wide-angle HD camera. Where you mount it decides what you see.

Choose a spot 2 to 3 m high, above or beside the garage door, with a clear view of the driveway. Avoid pointing it straight at the sun or at a street light: both make the picture flare at dawn, dusk and night.

1. Hold the bracket against the wall and mark the two holes.
2. Drill 6 mm holes, insert the wall plugs and screw the bracket on.
3. Clip the outdoor unit onto the bracket and tilt it down about 15°.
4. Connect the power lead, or the Solar Panel Kit if there is no socket nearby.
5. Pair the unit in the app and check the live view; adjust the angle until the whole driveway is in frame.

The unit is rated IP65 and works from −20 °C to 50 °C. Infrared night vision reaches about 8 m.$md$),
  ('30000000-0000-4000-8000-000000000005', 'Creating and Managing Access Codes', 'Getting Started',
   array['access codes', 'guests', 'deliveries'], true, false, 'support@example.com', 3310, 389, '230 days',
$md$Access codes let people open your garage without a key or remote.

## Code types
- Guest: for visitors; usually with an expiry date.
- Delivery: for couriers; pair it with a usage limit of 1 for a one-time drop-off.
- Temporary: for cleaners, tradespeople and contractors.
- Permanent: for family members.

## Create a code
Go to Dashboard > Access and click Create Access Code. Pick the device, the type and, optionally, the person's name and e-mail, an expiry date and a maximum number of uses. The app generates a 6-character code; copy it and share it.

## States
A code is Active until it expires, reaches its usage limit or is revoked. Finished codes stay in the list, dimmed, so you keep a record. Revoke is offered only for active codes, and a revoked code never comes back: create a new one instead.$md$),
  ('30000000-0000-4000-8000-000000000006', 'Resetting Your Garage Door Opener', 'Troubleshooting',
   array['reset', 'opener', 'factory settings'], true, false, 'support@example.com', 2475, 298, '220 days',
$md$A reset returns the unit to its factory settings. Try a simple restart first (unplug for 30 seconds); reset only if support asks you to or the unit no longer responds.

1. Find the reset button on the back of the motor unit.
2. Hold it for 6 seconds, until the LED changes colour.
3. Release it. The unit restarts, which takes about a minute.
4. In the app, remove the device and pair it again with its QR code.

Your access codes are stored in your account, not on the unit, so they work again as soon as the unit is paired.$md$),
  ('30000000-0000-4000-8000-000000000007', 'What to Do When the Door Won''t Open', 'Troubleshooting',
   array['door', 'opener', 'remote', 'power'], true, false, 'support@example.com', 2140, 276, '200 days',
$md$If the door does not move when you tap Open, check these in order:

1. Power: is the opener's light on? Check the socket and the circuit breaker.
2. Emergency release: if the red release cord was pulled, the door is disconnected from the trolley. Close the door by hand and reconnect it.
3. Remote batteries: if the remote does nothing either, replace its batteries.
4. Wall button: if the wall button opens the door but the app does not, the problem is the indoor unit's connection: see "Troubleshooting Connection Issues".
5. Safety sensors: a blocked or misaligned photo-eye stops the door from closing. Clean the lenses and check that both LEDs are lit.

Never force the door or stand under a moving door. If the springs or cables look damaged, call a garage door technician.$md$),
  ('30000000-0000-4000-8000-000000000008', 'Routine Maintenance Checklist', 'Technical Support',
   array['maintenance', 'safety', 'camera'], true, false, 'admin@example.com', 1385, 190, '190 days',
$md$A few minutes of maintenance keeps your door and GarageGuard units reliable for years.

## Every month: visual inspection
- Look at the springs, cables and rollers for wear or rust.
- Check that the door sensor is firmly attached.
- Look at the activity history for unexpected openings.

## Every quarter: checks
- Test the auto-reverse safety feature: place a piece of wood under the door and close it; the door must reverse.
- Lubricate hinges, rollers and the rail with a garage door lubricant.
- Clean the camera lens with a soft, dry cloth.
- Install any pending firmware updates from the device page.

## Every year
Have a professional service the opener and door, especially the springs.$md$),
  ('30000000-0000-4000-8000-000000000009', 'Orders, Refunds and the 30-Day Guarantee', 'Account & Billing',
   array['orders', 'refunds', 'returns', 'billing'], true, false, 'admin@example.com', 1720, 205, '180 days',
$md$## Order status
Orders move from Pending to Processing, Shipped and Delivered; you can follow them under Dashboard > Orders. Shipping is always free, and sales tax is shown at checkout.

## Cancelling
You can cancel an order until it ships by opening a support ticket in the Account & Billing category.

## 30-day money-back guarantee
Return any product within 30 days of delivery, for any reason, even after installing it. Remove the devices from your account, pack them with their accessories and use the prepaid label we e-mail you.

## Refunds
We refund to your original payment method within 5 business days of receiving the return. Your bank may take a few more days to show it.$md$),
  ('30000000-0000-4000-8000-000000000010', 'Controlling Multiple Garage Doors', 'FAQs',
   array['multiple doors', 'account'], true, false, 'support@example.com', 980, 121, '160 days',
$md$Yes, one account can control up to 3 garage doors. Each door needs its own indoor unit, and each has separate access permissions and monitoring.

To add a door, install another indoor unit and pair it from Dashboard > Devices > Add Device. Give each door a clear name, such as "Main Garage" or "Workshop", so codes and alerts are easy to tell apart. When you create an access code, you choose which door it opens.$md$),
  ('30000000-0000-4000-8000-000000000011', 'Solar Panel Kit: Placement and Charging', 'Product Information',
   array['solar', 'outdoor unit', 'power'], true, false, 'support@example.com', 760, 88, '150 days',
$md$The Solar Panel Kit keeps the outdoor unit charged so it runs without a mains connection.

Pick a place within 3 m of the outdoor unit that gets direct sun for at least 3 hours a day. Fix the bracket to a wall, fascia or post, clip the panel on and click the magnetic connector into the port underneath the outdoor unit. Tilt the panel towards the sun and check the charging icon in the app.

In winter the outdoor unit's own battery bridges cloudy days. If the app warns that the battery is low for several days in a row, clean the panel or move it to a sunnier spot. The panel's output carries a 10-year warranty.$md$),
  ('30000000-0000-4000-8000-000000000012', 'Backup Battery Pack: What Happens in a Power Cut', 'Product Information',
   array['battery', 'power cut', 'indoor unit'], true, false, 'support@example.com', 655, 71, '140 days',
$md$The Backup Battery Pack sits between the adapter and the indoor unit. When mains power drops it takes over instantly, so monitoring, alerts and access codes keep working for up to 24 hours.

Note that the battery powers the indoor unit, not the opener's motor: during a power cut you can still see the door's state and get alerts, but opening the door needs the emergency release. The outdoor unit has its own battery.

The pack recharges automatically in about 5 hours when power returns, and the app shows its charge level, with an alert when it runs low. It carries a 3-year warranty.$md$),
  ('30000000-0000-4000-8000-000000000013', 'Turning On Two-Factor Authentication', 'Security',
   array['2fa', 'mfa', 'account security'], true, false, 'admin@example.com', 1240, 164, '120 days',
$md$Two-factor authentication protects your account even if someone learns your password.

1. Install an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).
2. In Dashboard > Settings, choose Enable two-factor authentication.
3. Scan the QR code with the authenticator app.
4. Enter the 6-digit code the app shows to confirm.

From then on, each sign-in asks for a current code after your password. Administrators with two-factor authentication must enter a code before they can open admin data.$md$),
  ('30000000-0000-4000-8000-000000000014', 'Updating Device Firmware', 'Technical Support',
   array['firmware', 'updates'], true, false, 'support@example.com', 890, 97, '90 days',
$md$Firmware updates add features and fix problems, such as the night-vision recalibration in version 2.4.1.

Units check for updates every night and install them between 2 and 4 a.m. when the door is closed. To update now, open the device page and tap Update firmware; the unit restarts and is back within three minutes. Do not unplug it during the update.

If a device shows Error after an update, restart it once. If the error stays, open a ticket with the device's serial number and we will push a recovery image.$md$),
  ('30000000-0000-4000-8000-000000000015', 'Using GarageGuard with Smart Home Assistants', 'Technical Support',
   array['smart home', 'voice', 'integrations'], false, false, 'support@example.com', 0, 0, '12 days',
$md$Draft: voice assistant support is in beta. Outline: linking your GarageGuard account, supported commands (status and close only; opening by voice needs a PIN), and how to unlink.$md$),
  ('30000000-0000-4000-8000-000000000016', 'Making a Warranty Claim Step by Step', 'Account & Billing',
   array['warranty', 'claims'], false, false, 'admin@example.com', 0, 0, '4 days',
$md$Draft: 1. Open a ticket with your order number and a description. 2. Troubleshoot with support (many issues are fixed remotely). 3. If the device is faulty we ship a replacement first, with a prepaid label for the faulty unit. Add photos of the claim form before publishing.$md$)
) as a(id, title, category, tags, published, featured, author, views, helpful, age, content);

-- ---------------------------------------------------------------------------------------------
-- CMS: the legal pages and the four solutions pages as published pages (the public routes
-- /privacy, /terms, /warranty, /returns and /solutions/<audience> render these rows by slug; the
-- build prerenders them from this seed), then one item in every other content type and status.
-- ---------------------------------------------------------------------------------------------
insert into public.cms_content (id, title, slug, content_type, content, excerpt, status, meta_title, meta_description,
  tags, author_id, published_at, created_at, updated_at)
select p.id, p.title, p.slug, p.content_type::public.content_type, p.content, p.excerpt, 'published',
  p.meta_title, p.meta_description, p.tags, '00000000-0000-4000-8000-000000000004',
  now() - p.age::interval + interval '1 day', now() - p.age::interval, now() - interval '20 days'
from (values
  ('40000000-0000-4000-8000-000000000001'::uuid, 'Privacy Policy', 'privacy', 'page', 'How GarageGuard collects, uses and protects your personal data when you use our shop, the app, the cloud dashboard and your devices.',
   'Privacy Policy | GarageGuard', 'How GarageGuard collects, uses and protects your personal data when you use our shop, the app, the cloud dashboard and your devices.', array['legal'], '200 days',
$md$## What we collect

- Account data: your name, e-mail address and password (stored only as a secure hash).
- Order data: delivery address and the items you buy. Card details are handled in your browser for payment and never stored by us.
- Device data: status, firmware version and events from your indoor and outdoor units (door opened, code used, motion detected).
- Access codes you create, including the name and e-mail of the person you give them to.
- Support data: the tickets and messages you send us.
- Technical data: IP address and browser type when you sign in, kept in our security log.

## How we use it

- To run your system: opening the door, checking codes, sending alerts.
- To deliver and support your orders.
- To keep your account secure, for example by detecting unusual sign-in attempts.
- To send product news only if you subscribed; every message has an unsubscribe link.

## What we never do

We do not sell your personal data, and we do not use camera footage for advertising.

## Camera footage

Footage from your outdoor unit is encrypted in transit and at rest and is visible only to you and the people you invite. Clips are deleted automatically after 30 days unless you save them. Please respect your neighbours’ privacy and local law when you aim the camera.

## Storage on your device

The app keeps a copy of your cart, devices and support tickets on your device so it works with a poor connection. Signing out removes this copy.

## Your rights

You can see, correct, export or delete your data at any time. Write to privacy@garageguard.com and we will answer within 30 days. You also have the right to complain to your data protection authority.$md$),
  ('40000000-0000-4000-8000-000000000002'::uuid, 'Terms of Service', 'terms', 'page', 'The terms that apply when you buy from the GarageGuard shop and use the GarageGuard app and cloud service.',
   'Terms of Service | GarageGuard', 'The terms that apply when you buy from the GarageGuard shop and use the GarageGuard app and cloud service.', array['legal'], '200 days',
$md$## Your account

You need an account to check out and to use the dashboard. Keep your password safe and turn on two-factor authentication; you are responsible for the access codes you create and share.

## Orders and prices

Prices are in US dollars and include free shipping; sales tax is shown at checkout. An order is accepted when we confirm it by e-mail. If an item turns out to be out of stock, we refund you in full.

## Using the system safely

- Install the system as described in the installation guide, or have it installed for you.
- Do not disable your opener’s safety features, such as auto-reverse and photo-eye sensors.
- Only open the door remotely when you are sure nobody is in its path.

## The cloud service

We aim to keep the app and dashboard available around the clock and announce planned maintenance in advance. Your wall button and remotes keep working even if the service is unavailable.

## Liability

Nothing in these terms limits your statutory rights as a consumer. We are not liable for losses caused by misuse, by an unsafe door or opener, or by sharing access codes with people you do not trust.

## Contact

Questions about these terms: support@garageguard.com.$md$),
  ('40000000-0000-4000-8000-000000000003'::uuid, 'Warranty', 'warranty', 'page', 'Every GarageGuard Complete System comes with a 2-year manufacturer warranty and lifetime technical support.',
   'Warranty | GarageGuard', 'Every GarageGuard Complete System comes with a 2-year manufacturer warranty and lifetime technical support.', array['legal'], '190 days',
$md$## What is covered

- Defects in materials and workmanship of the indoor unit, the outdoor camera unit and the door sensor.
- Failure of the electronics, camera module or radio under normal use.
- Replacement parts and the shipping for warranty repairs and replacements.

## How long

- Complete System and Indoor Unit: 2 years from delivery.
- Solar Panel Kit: 10 years on the panel’s output.
- Backup Battery Pack: 3 years.

## What is not covered

- Damage from accidents, misuse, improper installation or unauthorised repairs.
- Normal wear, such as scratches on the housing.
- Problems with your garage door or opener themselves.

## How to make a claim

1. **Contact support.** Open a support ticket or e-mail support@garageguard.com with your order number and a short description.
2. **Troubleshoot together.** Many problems are solved remotely in minutes, for example by a firmware update.
3. **Repair or replacement.** If the device is faulty we send a replacement first, with a prepaid label to return the faulty unit.

[Read the FAQ](/support/faq)$md$),
  ('40000000-0000-4000-8000-000000000004'::uuid, 'Returns & Refunds', 'returns', 'page', 'Not happy with your GarageGuard system? Return it within 30 days of delivery for a full refund — our money-back guarantee.',
   'Returns & Refunds | GarageGuard', 'Not happy with your GarageGuard system? Return it within 30 days of delivery for a full refund — our money-back guarantee.', array['legal'], '190 days',
$md$## 30-day money-back guarantee

You can return any product within 30 days of delivery, for any reason, even if you have installed and used it. We refund the full purchase price, including the original shipping.

## How to return

1. **Tell us.** Open a support ticket or e-mail support@garageguard.com with your order number.
2. **Pack it.** Remove the devices from your account in the app, then pack them with their accessories, ideally in the original box.
3. **Send it.** Use the prepaid return label we e-mail you and drop the parcel at any carrier location.

## Refunds

We refund to your original payment method within 5 business days of receiving the return, and e-mail you when it is done.

## After 30 days

Faulty products are covered by the 2-year warranty: we repair or replace them free of charge.

[See the warranty](/warranty)$md$),
  ('40000000-0000-4000-8000-000000000005'::uuid, 'GarageGuard for Homeowners', 'solutions-homeowners', 'page', 'Peace of mind for the family garage: know it is closed, let people in without handing out keys, and keep parcels safe.',
   'GarageGuard for Homeowners | GarageGuard', 'Peace of mind for the family garage: know it is closed, let people in without handing out keys, and keep parcels safe.', array['solutions'], '170 days',
$md$## Never wonder “did I close it?” again

The door sensor reports Open or Closed in the app wherever you are, and you can close it with one tap.

## Access for family, guests and couriers

- Permanent codes for family members
- Guest codes that expire after a visit
- One-time delivery codes so parcels go inside, not on the doorstep

## Eyes on the driveway

The 160° HD camera with night vision records arrivals and sends motion alerts to your phone.

[Order the Complete System - $299](/products/1)$md$),
  ('40000000-0000-4000-8000-000000000006'::uuid, 'GarageGuard for Workshops', 'solutions-workshops', 'page', 'Run your workshop bay from your phone: open for early customers and suppliers, and keep tools and vehicles secure after hours.',
   'GarageGuard for Workshops | GarageGuard', 'Run your workshop bay from your phone: open for early customers and suppliers, and keep tools and vehicles secure after hours.', array['solutions'], '165 days',
$md$## Open the bay from anywhere

Let in a customer dropping off a car before opening time, or a supplier with parts, without being on site.

## Codes for staff and suppliers

- A personal code per mechanic
- Time-limited codes for suppliers
- Usage limits for one-off visits

## After-hours security

Motion alerts and recorded clips of every opening protect the tools and customer vehicles inside.

[Order the Complete System - $299](/products/1)$md$),
  ('40000000-0000-4000-8000-000000000007'::uuid, 'GarageGuard for Small Businesses', 'solutions-businesses', 'page', 'Loading doors, storage garages and delivery bays under control: who opened what, and when.',
   'GarageGuard for Small Businesses | GarageGuard', 'Loading doors, storage garages and delivery bays under control: who opened what, and when.', array['solutions'], '160 days',
$md$## Staff access without keys

Give every employee their own code and revoke it the day they leave. No more copied keys or lost remotes.

## Deliveries that arrive on time

- Delivery codes for couriers and suppliers
- A camera clip of each drop-off
- Alerts when a delivery arrives

## A full access history

Every opening is logged with the code that was used, so you always know who came in.

[Order the Complete System - $299](/products/1)$md$),
  ('40000000-0000-4000-8000-000000000008'::uuid, 'GarageGuard for Property Managers', 'solutions-property-managers', 'page', 'Manage garage doors across your properties from one dashboard, with codes for tenants, cleaners and contractors.',
   'GarageGuard for Property Managers | GarageGuard', 'Manage garage doors across your properties from one dashboard, with codes for tenants, cleaners and contractors.', array['solutions'], '155 days',
$md$## Several doors, one account

Each account manages up to 3 garage doors, each with separate access permissions and monitoring.

## Tenants and contractors

- Permanent codes for tenants, revoked when they move out
- Temporary codes for cleaners and contractors
- Usage limits and expiry dates for one-off jobs

## Fewer call-outs

Open a door remotely for a locked-out tenant instead of driving over with a key.

[Order the Complete System - $299](/products/1)$md$)
) as p(id, title, slug, content_type, excerpt, meta_title, meta_description, tags, age, content);

insert into public.cms_content (id, title, slug, content_type, content, excerpt, featured_image_url, status,
  meta_title, meta_description, tags, author_id, published_at, created_at, updated_at)
select c.id, c.title, c.slug, c.content_type::public.content_type, c.content, c.excerpt, c.image,
  c.status::public.content_status, c.meta_title, c.meta_description, c.tags,
  (select id from seed_users where email = c.author),
  case when c.status <> 'draft' then now() - c.age + interval '2 hours' end, now() - c.age, now() - c.age / 3
from (values
  ('40000000-0000-4000-8000-000000000101'::uuid, 'blog_post', 'published', 'admin@example.com', interval '35 days',
   '5 Ways to Keep Parcels Safe This Holiday Season', '5-ways-to-keep-parcels-safe-this-holiday-season',
   'Porch piracy peaks in December. Here is how a one-time delivery code keeps parcels inside your garage.',
   '/products/complete-system.svg', 'Keep Parcels Safe This Holiday Season', 'Five practical ways to stop parcel theft with delivery codes, camera alerts and a little planning.',
   array['deliveries', 'security', 'holidays'],
$md$Porch piracy peaks between Thanksgiving and New Year. A few habits make your deliveries much safer.

1. **Use one-time delivery codes.** Give the courier a delivery code with a usage limit of 1; the parcel goes inside the garage and the code stops working.
2. **Turn on arrival alerts.** The outdoor camera recognises a waiting courier and notifies you, so you can open the door remotely.
3. **Ask for a delivery window.** Most carriers let you choose a day; pick one when someone is around.
4. **Check the clip.** Every drop-off is recorded, which settles any "delivered but not received" dispute.
5. **Close the door automatically.** The app reminds you if the door stays open for more than 10 minutes.$md$),
  ('40000000-0000-4000-8000-000000000102', 'blog_post', 'draft', 'support@example.com', '3 days',
   'Winter Checklist for Your Garage Door', 'winter-checklist-for-your-garage-door',
   'Cold weather is hard on springs, rollers and batteries. A short checklist before the first frost.',
   null, null, null, array['maintenance', 'winter'],
$md$Draft. Topics: lubricating rollers before the frost, checking the weather seal, keeping the Solar Panel Kit clear of snow, battery behaviour below freezing.$md$),
  ('40000000-0000-4000-8000-000000000103', 'product_description', 'published', 'admin@example.com', '150 days',
   'Complete System', 'complete-system',
   'Indoor unit, outdoor unit with a 160° HD camera, the app and the cloud dashboard.',
   '/products/complete-system.svg', 'GarageGuard Complete System', 'Run your garage from your phone: indoor unit, 160° HD outdoor camera, app and cloud dashboard for $299.',
   array['complete system', 'bundle'],
$md$The GarageGuard Complete System turns the garage door you already have into a connected, secure entrance. The indoor unit drives your opener; the weatherproof outdoor unit watches the driveway with a 160° wide-angle HD camera; the app and cloud dashboard bring it together. Installation takes about 2 hours, and you have 30 days to decide whether it is right for you.$md$),
  ('40000000-0000-4000-8000-000000000104', 'faq', 'published', 'support@example.com', '120 days',
   'How do I reset my garage door opener?', 'how-do-i-reset-my-garage-door-opener',
   'Hold the reset button on the back of the motor unit for 6 seconds.', null, null, null, array['reset', 'opener'],
$md$Hold the reset button on the back of the motor unit for 6 seconds until the LED changes. The unit restarts with its factory settings; pair it again from the app afterwards.$md$),
  ('40000000-0000-4000-8000-000000000105', 'documentation', 'archived', 'support@example.com', '320 days',
   'Firmware 1.x Release Notes', 'firmware-1x-release-notes',
   'Release notes of the first firmware generation, kept for reference.', null, null, null, array['firmware', 'release notes'],
$md$## 1.9.2
- Faster Wi-Fi reconnection after a router restart.

## 1.9.0
- Delivery codes with usage limits.

Superseded by firmware 2.x; all units updated automatically.$md$),
  ('40000000-0000-4000-8000-000000000106', 'documentation', 'published', 'support@example.com', '60 days',
   'Indoor Unit Wiring Reference', 'indoor-unit-wiring-reference',
   'Terminal layout of the indoor unit and how to wire it to common openers.', null, null, null, array['wiring', 'installation'],
$md$## Terminals
- **OPEN/CLOSE (relay):** to the opener's wall-button terminals.
- **PASS (passthrough):** to your existing wall button, so it keeps working.
- **12 V DC:** from the adapter or the Backup Battery Pack.

Most openers label the wall-button terminals as PB, WB or 1 and 2. Never connect the relay to the opener's mains terminals.$md$),
  ('40000000-0000-4000-8000-000000000107', 'page', 'draft', 'admin@example.com', '2 days',
   'Careers', 'careers', 'Join the team building the smart garage.', null, null, null, array['company'],
$md$We are hiring a field installation lead in Austin, Texas. Details to follow.$md$),
  ('40000000-0000-4000-8000-000000000108', 'blog_post', 'archived', 'admin@example.com', '400 days',
   'Introducing GarageGuard', 'introducing-garageguard', 'Our launch announcement.', null, null, null, array['news'],
$md$Today we launch GarageGuard: open, close and check your garage door from anywhere, with a 160° HD camera watching the driveway.$md$)
) as c(id, content_type, status, author, age, title, slug, excerpt, image, meta_title, meta_description, tags, content);

-- A few helpful votes (one per user and article); the counters above include votes from before.
insert into public.kb_helpful_votes (article_id, user_id, created_at) values
  ('30000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', now() - interval '55 days'),
  ('30000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000002', now() - interval '8 days'),
  ('30000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000011', now() - interval '30 days');

-- ---------------------------------------------------------------------------------------------
-- Access log: two weeks of sign-ins (successes and failures, with IPs and user agents) and staff
-- actions, in the vocabulary of the logging triggers (login, login_failed, '<area>.<verb>').
-- ---------------------------------------------------------------------------------------------
create temporary table seed_clients (email text primary key, ip inet not null, user_agent text not null);
insert into seed_clients values
  ('customer@example.com', '203.0.113.24', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
  ('customer2@example.com', '198.51.100.42', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'),
  ('support@example.com', '192.0.2.15', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0'),
  ('admin@example.com', '192.0.2.10', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
  ('morgan.lee@example.com', '203.0.113.111', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'),
  ('priya.patel@example.com', '203.0.113.112', 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
  ('aiko.tanaka@example.com', '198.51.100.77', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15');

-- Successful sign-ins: staff every working day, customers every few days, each at its own hour.
insert into public.access_logs (user_id, action, resource, ip_address, user_agent, success, created_at)
select u.id, 'login', 'auth/' || u.email, coalesce(c.ip, ('203.0.113.' || (100 + u.shopper))::inet),
  coalesce(c.user_agent, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'), true,
  case when d = 0 -- today: between midnight and now, whenever the seed runs
    then date_trunc('day', now()) + (now() - date_trunc('day', now())) * ((7 + (length(u.email) % 11)) / 24.0)::float8
    else date_trunc('day', now()) - d * interval '1 day' + (7 + (d * 3 + length(u.email)) % 11) * interval '1 hour'
  end
from generate_series(0, 13) d
join seed_users u on true
left join seed_clients c on c.email = u.email
where (u.email in ('support@example.com', 'admin@example.com') and extract(isodow from now() - d * interval '1 day') < 6)
   or (u.email not in ('support@example.com', 'admin@example.com') and (d + length(u.email)) % 3 = 0)
   or d = 0;

-- Failed sign-ins: a mistyped password today, a burst against an unknown address two days ago.
insert into public.access_logs (user_id, action, resource, ip_address, user_agent, success, error_message, created_at)
values
  ('00000000-0000-4000-8000-000000000001', 'login_failed', 'auth/customer@example.com', '203.0.113.24',
   'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
   false, 'Invalid login credentials', greatest(date_trunc('day', now()), now() - interval '3 hours')),
  ('00000000-0000-4000-8000-000000000001', 'login_failed', 'auth/customer@example.com', '203.0.113.24',
   'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
   false, 'Invalid login credentials', greatest(date_trunc('day', now()), now() - interval '2 hours 59 minutes')),
  (null, 'login_failed', 'auth/admin@garageguard.com', '203.0.113.250', 'python-requests/2.32.3', false, 'Invalid login credentials', now() - interval '2 days 4 hours'),
  (null, 'login_failed', 'auth/admin@garageguard.com', '203.0.113.250', 'python-requests/2.32.3', false, 'Invalid login credentials', now() - interval '2 days 3 hours 59 minutes'),
  (null, 'login_failed', 'auth/root@garageguard.com', '203.0.113.250', 'python-requests/2.32.3', false, 'Invalid login credentials', now() - interval '2 days 3 hours 58 minutes'),
  ('00000000-0000-4000-8000-000000000016', 'login_failed', 'auth/aiko.tanaka@example.com', '198.51.100.77',
   'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
   false, 'Invalid login credentials', now() - interval '11 hours'),
  ('00000000-0000-4000-8000-000000000012', 'login_failed', 'auth/priya.patel@example.com', '203.0.113.112',
   'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
   false, 'Email not confirmed', now() - interval '6 days 2 hours');

-- Staff actions, matching the tickets, articles, content and stock above.
insert into public.access_logs (user_id, action, resource, ip_address, user_agent, success, error_message, created_at)
select u.id, a.action, a.resource, c.ip, c.user_agent, a.success, a.error, now() - a.ago
from (values
  ('support@example.com', 'ticket.status', 'support_tickets/10000000-0000-4000-8000-000000000002', true, null, interval '1 day 23 hours'),
  ('support@example.com', 'ticket.assign', 'support_tickets/10000000-0000-4000-8000-000000000002', true, null, '1 day 23 hours'),
  ('support@example.com', 'ticket.status', 'support_tickets/10000000-0000-4000-8000-000000000003', true, null, '2 hours'),
  ('support@example.com', 'ticket.status', 'support_tickets/10000000-0000-4000-8000-000000000013', true, null, '20 minutes'),
  ('support@example.com', 'ticket.status', 'support_tickets/10000000-0000-4000-8000-000000000012', true, null, '1 day 3 hours'),
  ('support@example.com', 'ticket.status', 'support_tickets/10000000-0000-4000-8000-000000000007', true, null, '6 days'),
  ('support@example.com', 'kb_article.create', 'kb_articles/30000000-0000-4000-8000-000000000015', true, null, '12 days'),
  ('support@example.com', 'kb_article.update', 'kb_articles/30000000-0000-4000-8000-000000000002', true, null, '5 days'),
  ('admin@example.com', 'kb_article.create', 'kb_articles/30000000-0000-4000-8000-000000000016', true, null, '4 days'),
  ('admin@example.com', 'cms.create', 'cms_content/40000000-0000-4000-8000-000000000107', true, null, '2 days'),
  ('support@example.com', 'cms.create', 'cms_content/40000000-0000-4000-8000-000000000102', true, null, '3 days'),
  ('admin@example.com', 'cms.update', 'cms_content/40000000-0000-4000-8000-000000000001', true, null, '20 days'),
  ('admin@example.com', 'inventory.update', 'inventory/GG-DS-011', true, null, '1 day'),
  ('admin@example.com', 'inventory.update', 'inventory/GG-MB-010', true, null, '2 days'),
  ('support@example.com', 'inventory.update', 'inventory/GG-RM-013', false, 'Access denied. Admin privileges required.', '3 days'),
  ('admin@example.com', 'financial.create', 'financial_transactions/holiday-restock', true, null, '8 days'),
  ('admin@example.com', 'order.status', 'orders/60000000-0000-4000-8000-000000000004', true, null, '2 days 20 hours'),
  ('admin@example.com', 'report.export', 'financial/this-month', true, null, '1 day 2 hours'),
  ('admin@example.com', 'report.export', 'access_logs', true, null, '30 minutes')
) as a(email, action, resource, success, error, ago)
join seed_users u on u.email = a.email
join seed_clients c on c.email = a.email;

-- ---------------------------------------------------------------------------------------------
-- Notifications. The reply trigger has already notified the customers of each staff reply
-- above, stamped now(): give those the reply's time, and mark the older ones read.
-- ---------------------------------------------------------------------------------------------
update public.notifications n
set created_at = m.created_at, is_read = m.created_at < now() - interval '1 day'
from public.support_messages m
join public.support_tickets t on t.id = m.ticket_id
where n.type = 'ticket_reply' and n.user_id = t.user_id and n.created_at >= now()
  and position(m.message in n.body) > 0;

-- Order notifications name the order by its number, as the trigger writes them ('#%s' here).
insert into public.notifications (user_id, type, title, body, link, is_read, created_at)
select u.id, n.type, n.title, case when n.order_id is null then n.body else format(n.body, o.order_number) end, n.link, n.is_read, now() - n.ago
from (values
  ('customer@example.com', 'order_status', 'Order status updated', 'Your order #%s is now Shipped.', '/dashboard/orders', false, interval '2 days 20 hours', '60000000-0000-4000-8000-000000000004'::uuid),
  ('customer@example.com', 'order_status', 'Order status updated', 'Your order #%s is now Delivered.', '/dashboard/orders', true, '21 days', '60000000-0000-4000-8000-000000000002'),
  ('customer@example.com', 'ticket_status', 'Ticket status updated', 'Your ticket "Refund for my cancelled Indoor Unit order" is now Resolved.', '/support?ticket=10000000-0000-4000-8000-000000000003', false, '2 hours', null),
  ('customer@example.com', 'system', 'Side Gate Camera reported an error', 'The camera did not restart after its firmware update. Support has been told; no action is needed from you yet.', '/dashboard/devices', false, '5 hours', null),
  ('customer@example.com', 'system', 'Access code expired', 'The temporary code for Northside Plumbing (T5WB6C) has expired.', '/dashboard/access', false, '3 days', null),
  ('customer@example.com', 'system', 'Firmware 2.4.1 available', 'Improves night vision and Wi-Fi reconnection. Units update overnight.', '/dashboard/devices', true, '7 days', null),
  ('customer2@example.com', 'ticket_status', 'Ticket status updated', 'Your ticket "Front camera night vision is blurry" is now Resolved.', '/support?ticket=10000000-0000-4000-8000-000000000007', true, '6 days', null),
  ('customer2@example.com', 'system', 'Front Camera reported an error', 'The camera stopped sending video. Try restarting it from the device page.', '/dashboard/devices', false, '9 hours', null),
  ('customer2@example.com', 'system', 'Carport Door is offline', 'The indoor unit has not been seen for 6 days. Check its power and Wi-Fi.', '/dashboard/devices', true, '6 days', null)
) as n(email, type, title, body, link, is_read, ago, order_id)
join seed_users u on u.email = n.email
left join public.orders o on o.id = n.order_id;

insert into public.newsletter_subscriptions (email, name, source, created_at) values
  ('morgan.lee@example.com', 'Morgan Lee', 'landing', now() - interval '40 days'),
  ('hannah.becker@example.com', null, 'footer', now() - interval '12 days'),
  ('garage.fan@example.net', 'Chris', 'landing', now() - interval '2 days');

drop table seed_clients;
drop table seed_users;
