// The names behind one page of access logs: the users (profiles, which staff may read) and the rows
// their resources name (tickets, articles, content, orders, devices…), each table read under the
// viewer's own row level security. A row the viewer may not read (a customer's device not on any
// ticket, inventory for support staff) simply has no name, and the page says what kind of row it is.
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase, type SupabaseClient } from '@/lib/load-supabase.ts';
import { namesToFetch, RESOURCE_TABLES, type LogNames, type ResourceTable } from '../log-labels.ts';
import type { AccessLog } from './access-logs.ts';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

async function fetchUsers(supabase: SupabaseClient, ids: string[]): Promise<LogNames['users']> {
  if (ids.length === 0) return {};
  const { data, error } = await supabase.from('profiles').select('user_id, first_name, last_name, email').in('user_id', ids);
  if (error) return {};
  const rows = data as { user_id: string; first_name: string | null; last_name: string | null; email: string | null }[];
  return Object.fromEntries(rows.map((p) => [p.user_id, { name: fullName(p.first_name, p.last_name), email: p.email }]));
}

async function fetchRows(supabase: SupabaseClient, table: Exclude<ResourceTable, 'profiles'>, keys: string[]): Promise<[string, string][]> {
  const { key, column } = RESOURCE_TABLES[table];
  const { data, error } = await supabase.from(table).select(`${key}, ${column}`).in(key, keys);
  if (error) return [];
  return (data as unknown as Record<string, string | number | null>[])
    .filter((row) => row[column] !== null && row[column] !== '')
    .map((row) => [`${table}/${String(row[key])}`, String(row[column])]);
}

/**
 * One request per table the page names, in parallel. A failed lookup leaves its names out rather
 * than failing the page: the logs themselves are what the page is for.
 */
export async function fetchLogNames(logs: readonly Pick<AccessLog, 'user_id' | 'resource'>[]): Promise<LogNames> {
  const wanted = namesToFetch(logs);
  const supabase = await loadSupabase();
  const tables = Object.entries(wanted.rows) as [Exclude<ResourceTable, 'profiles'>, string[]][];
  const [users, ...rows] = await Promise.all([fetchUsers(supabase, wanted.users), ...tables.map(([table, keys]) => fetchRows(supabase, table, keys))]);
  return { users, resources: Object.fromEntries(rows.flat()) };
}

/** Keyed by what the page names, so paging back to a page asks nothing again. */
export const logNamesQuery = (logs: readonly Pick<AccessLog, 'user_id' | 'resource'>[]) => {
  const wanted = namesToFetch(logs);
  return queryOptions({
    queryKey: ['admin', 'access-log-names', wanted],
    queryFn: () => fetchLogNames(logs),
    enabled: wanted.users.length > 0 || Object.keys(wanted.rows).length > 0,
  });
};
