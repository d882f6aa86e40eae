// The five stat cards of Access Logs, counted by the database over every log (head requests with
// an exact count): total, failed, success rate, and today's total and failures.
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase, type SupabaseClient } from '@/lib/load-supabase.ts';

export interface AccessLogStats {
  total: number;
  failed: number;
  /** Percent of successful events, to one decimal; 0 when there are none. */
  successRate: number;
  todayTotal: number;
  todayFailed: number;
}

/** successful / total × 100, rounded to one decimal. */
export function successRate(total: number, failed: number): number {
  return total === 0 ? 0 : Math.round(((total - failed) / total) * 1000) / 10;
}

export interface CountFilter {
  failed?: boolean;
  since?: string;
}

/** The four counts the cards need: all, failed, and both since `since` (the viewer's midnight). */
export const statCounts = (since: string) => ({ total: {}, failed: { failed: true }, todayTotal: { since }, todayFailed: { failed: true, since } }) satisfies Record<string, CountFilter>;

/** One head request with an exact count (also what tests/bench/admin-bench.ts times). */
export function logCountQuery(supabase: SupabaseClient, filter: CountFilter) {
  let query = supabase.from('access_logs').select('*', { count: 'exact', head: true });
  if (filter.failed) query = query.eq('success', false);
  if (filter.since) query = query.gte('created_at', filter.since);
  return query;
}

async function count(filter: CountFilter): Promise<number> {
  const { count: n, error } = await logCountQuery(await loadSupabase(), filter);
  if (error) throw new Error(error.message);
  return n ?? 0;
}

export async function fetchAccessLogStats(): Promise<AccessLogStats> {
  // "Today" is the viewer's own day, from their local midnight.
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const since = midnight.toISOString();
  const c = statCounts(since);
  const [total, failed, todayTotal, todayFailed] = await Promise.all([count(c.total), count(c.failed), count(c.todayTotal), count(c.todayFailed)]);
  return { total, failed, successRate: successRate(total, failed), todayTotal, todayFailed };
}

export const accessLogStatsQuery = queryOptions({ queryKey: ['admin', 'access-log-stats'], queryFn: fetchAccessLogStats });
