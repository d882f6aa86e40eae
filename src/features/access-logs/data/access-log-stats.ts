// The five stat cards of Access Logs, counted by the database over every log (head requests with
// an exact count): total, failed, success rate, and today's total and failures.
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase.ts';

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

async function count(filter: { failed?: boolean; since?: string }): Promise<number> {
  const supabase = await loadSupabase();
  let query = supabase.from('access_logs').select('*', { count: 'exact', head: true });
  if (filter.failed) query = query.eq('success', false);
  if (filter.since) query = query.gte('created_at', filter.since);
  const { count: n, error } = await query;
  if (error) throw new Error(error.message);
  return n ?? 0;
}

export async function fetchAccessLogStats(): Promise<AccessLogStats> {
  // "Today" is the viewer's own day, from their local midnight.
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const since = midnight.toISOString();
  const [total, failed, todayTotal, todayFailed] = await Promise.all([count({}), count({ failed: true }), count({ since }), count({ failed: true, since })]);
  return { total, failed, successRate: successRate(total, failed), todayTotal, todayFailed };
}

export const accessLogStatsQuery = queryOptions({ queryKey: ['admin', 'access-log-stats'], queryFn: fetchAccessLogStats });
