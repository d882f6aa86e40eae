// access_logs (staff read by RLS): the newest first, 500 per page after the last (created_at, id)
// shown, with the page's filters applied by the database.
import { infiniteQueryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { loadSupabase, type SupabaseClient } from '@/lib/load-supabase.ts';
import { actionsLabelled } from '../log-labels.ts';

/** At most 500 logs are loaded at a time; 'Load more' fetches the next 500. */
export const LOG_PAGE_SIZE = 500;
export const SEARCH_MAX_LENGTH = 100;

/** The actions the system writes: sign-ins (from the auth server) and staff actions. */
export const KNOWN_ACTIONS = [
  'login', 'login_failed', 'ticket.status', 'ticket.assign', 'kb_article.create', 'kb_article.update', 'kb_article.delete',
  'cms.create', 'cms.update', 'cms.delete', 'inventory.create', 'inventory.update', 'inventory.delete',
  'product.create', 'product.update', 'product.delete', 'support_category.create', 'support_category.update', 'support_category.delete',
  'financial.create', 'financial.update', 'financial.delete', 'order.status', 'report.export', 'access_code.redeem', 'profile.role',
  'door.open', 'door.close',
] as const;

export const LogFiltersSchema = v.object({
  /**
   * Matched anywhere in the action, resource, user agent or error, the user's name or e-mail, or
   * the action's words, ignoring case.
   */
  search: v.pipe(v.string(), v.maxLength(SEARCH_MAX_LENGTH)),
  action: v.union([v.literal('all'), v.picklist(KNOWN_ACTIONS)]),
  result: v.picklist(['all', 'success', 'failed']),
});
export type LogFilters = v.InferOutput<typeof LogFiltersSchema>;
export const NO_FILTERS: LogFilters = { search: '', action: 'all', result: 'all' };

export interface AccessLog {
  id: string;
  user_id: string | null;
  action: string;
  resource: string | null;
  ip_address: string | null;
  user_agent: string | null;
  success: boolean;
  error_message: string | null;
  created_at: string;
}

export type Cursor = Pick<AccessLog, 'created_at' | 'id'> | null;

/**
 * The search text as a PostgREST pattern: the characters that structure an `or=` list or act as
 * wildcards are dropped (a log search never needs them), the rest is matched as typed.
 */
export function searchPattern(search: string): string | null {
  const text = search.replace(/[,()*%\\"':]/g, ' ').trim();
  return text ? `*${text}*` : null;
}

/**
 * The request for one page (also what tests/bench/admin-bench.ts times). A text search goes
 * through search_access_logs(): read from the table, row level security hides the column
 * statistics from ilike and the planner reads the whole table (same rows, same order, same rule).
 * The search also finds what the page shows: the database matches the user's name and e-mail, and
 * the actions whose words contain the text are sent as their codes (the words live here).
 */
export function logPageQuery(supabase: SupabaseClient, filters: LogFilters, cursor: Cursor) {
  const pattern = searchPattern(filters.search);
  if (pattern) {
    return supabase.rpc('search_access_logs', {
      p_pattern: pattern.replaceAll('*', '%'),
      p_action: filters.action === 'all' ? null : filters.action,
      p_success: filters.result === 'all' ? null : filters.result === 'success',
      p_before_at: cursor?.created_at ?? null,
      p_before_id: cursor?.id ?? null,
      p_limit: LOG_PAGE_SIZE,
      p_matching_actions: matchingActions(filters.search),
    });
  }
  let query = supabase.from('access_logs').select('*');
  if (filters.action !== 'all') query = query.eq('action', filters.action);
  if (filters.result !== 'all') query = query.eq('success', filters.result === 'success');
  // After the last row shown, in (created_at, id) order. The `lte` bound lets the index start at
  // the cursor (a page deep in the table costs what the first one does); the `or` then drops the
  // rows of that same instant already shown.
  if (cursor) query = query.lte('created_at', cursor.created_at).or(`created_at.lt.${cursor.created_at},id.lt.${cursor.id}`);
  return query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(LOG_PAGE_SIZE);
}

/** The codes of the actions whose words contain the search text; null when none does. */
function matchingActions(search: string): string[] | null {
  const codes = actionsLabelled(search);
  return codes.length > 0 ? codes : null;
}

async function fetchPage(filters: LogFilters, cursor: Cursor): Promise<AccessLog[]> {
  const { data, error } = await logPageQuery(await loadSupabase(), filters, cursor);
  if (error) throw new Error(error.message);
  return data as AccessLog[];
}

export const accessLogsQuery = (filters: LogFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'access-logs', filters],
    queryFn: ({ pageParam }) => fetchPage(filters, pageParam),
    initialPageParam: null as Cursor,
    getNextPageParam: (last) => (last.length < LOG_PAGE_SIZE ? undefined : { created_at: last.at(-1)!.created_at, id: last.at(-1)!.id }),
  });
