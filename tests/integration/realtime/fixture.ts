/**
 * A replicated table with owner-only RLS for the Realtime verification tests, and one that is not
 * in the `supabase_realtime` publication (subscribing to it must deliver nothing).
 */
export const USER_A = '00000000-0000-4000-8000-00000000000a';
export const USER_B = '00000000-0000-4000-8000-00000000000b';

export const RT_FIXTURE = `
create table public.rt_fuzz (
  id text primary key,
  owner uuid not null default auth.uid(),
  body text
);
alter table public.rt_fuzz enable row level security;
create policy "Owners read their rows" on public.rt_fuzz for select to authenticated using (owner = (select auth.uid()));
create policy "Owners add their rows" on public.rt_fuzz for insert to authenticated with check (owner = (select auth.uid()));

create table public.rt_hidden (id text primary key, body text);

alter publication supabase_realtime add table public.rt_fuzz;
`;
