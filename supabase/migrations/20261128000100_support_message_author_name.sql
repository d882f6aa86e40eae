-- support_messages.author_name: the display name of a message's author, stored with the message.
-- Customers cannot read staff profiles (RLS), yet their conversation shows who answered; so the
-- name is copied from profiles when the message is written. It is never the client's: a before
-- insert trigger overwrites whatever the request sends, and messages are never updated through
-- the API (update is revoked), so the name cannot be forged afterwards either.
-- The name is first and last name; without one, staff appear as 'GarageGuard Support' (a staff
-- member's e-mail is not shown to customers) and a customer as their e-mail (only the customer and
-- staff read a customer's messages).

alter table public.support_messages
  add column author_name text check (char_length(author_name) <= 320);

create function private.set_message_author_name()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Security invoker is enough: for an API write the author is the caller (the owner-column guard
  -- fired first), and every user may read their own profile; the seed and the project's back end
  -- are not subject to RLS. A profile the caller cannot read leaves the name null, never forged.
  select coalesce(
           nullif(btrim(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), ''))), ''),
           case when p.role in ('support', 'admin') then 'GarageGuard Support' else p.email end
         )
    into new.author_name
    from public.profiles p
   where p.user_id = new.user_id;
  return new;
end
$$;

revoke all on function private.set_message_author_name() from public, anon, authenticated;

-- Named after the a_ guards (owner column, server timestamps), which fire first: the owner is
-- final by then.
create trigger b_set_message_author_name before insert on public.support_messages
  for each row execute function private.set_message_author_name();

-- Messages written before this migration get their authors' names too.
update public.support_messages m
   set author_name = coalesce(
         nullif(btrim(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), ''))), ''),
         case when p.role in ('support', 'admin') then 'GarageGuard Support' else p.email end
       )
  from public.profiles p
 where p.user_id = m.user_id;
