// The dashboard's six stat cards: one call to support_stats() (staff only; it raises 42501 for
// anyone else). Online-only: it aggregates every ticket on the server, so it is read through
// TanStack Query (fresh for 5 minutes, no retries, the last answer kept for offline).
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The part of support_stats()'s answer the cards show; other keys are ignored. */
export const SupportStatsSchema = v.object({
  total: Count,
  open: Count,
  in_progress: Count,
  resolved_today: Count,
  urgent: Count,
  /** Minutes from a ticket's creation to the first staff reply, averaged; null before any reply. */
  avg_first_response_minutes: v.nullable(v.number()),
});
export type SupportStats = v.InferOutput<typeof SupportStatsSchema>;

export async function fetchSupportStats(): Promise<SupportStats> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('support_stats');
  if (error) throw new Error(error.message);
  return v.parse(SupportStatsSchema, data);
}

export const supportStatsQuery = queryOptions({
  queryKey: ['support-staff', 'stats'],
  queryFn: fetchSupportStats,
});
