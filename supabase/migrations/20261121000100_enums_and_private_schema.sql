-- Enumerated value sets of spec §3 and the non-exposed `private` schema that holds role helpers and
-- trigger functions. `private` is not in the API's exposed schemas, so nothing here is callable
-- through /rpc; anon and authenticated get usage only so RLS policies can call the helpers.

create type public.user_role as enum ('customer', 'support', 'admin');
create type public.device_type as enum ('indoor_unit', 'outdoor_unit', 'backup_battery');
create type public.device_status as enum ('online', 'offline', 'maintenance', 'error');
create type public.permission_type as enum ('guest', 'delivery', 'temporary', 'permanent');
create type public.transaction_type as enum ('sale', 'revenue', 'expense', 'refund');
create type public.content_type as enum ('page', 'blog_post', 'product_description', 'faq', 'documentation');
create type public.content_status as enum ('draft', 'published', 'archived');
create type public.order_status as enum ('pending', 'processing', 'shipped', 'delivered', 'cancelled');
create type public.ticket_priority as enum ('low', 'medium', 'high', 'urgent');
create type public.ticket_status as enum ('open', 'in_progress', 'resolved', 'closed');

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;
