// financial_summary(p_period): the Financial page's four figures and its chart series for one
// calendar period, computed in SQL (admin only).
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase.ts';

/** The six periods of the selector, in its order; each is applied by the server. */
export const PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'this_week', label: 'This Week' },
  { value: 'this_month', label: 'This Month' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'this_quarter', label: 'This Quarter' },
  { value: 'this_year', label: 'This Year' },
] as const;

export type Period = (typeof PERIODS)[number]['value'];
export const DEFAULT_PERIOD: Period = 'this_month';

export interface FinancialSummary {
  period: Period;
  /** The period's bounds, [from, to), in the database's time zone. */
  from: string;
  to: string;
  revenue: number;
  expenses: number;
  net_profit: number;
  average_order_value: number;
  sales_count: number;
  transaction_count: number;
  currency: 'USD';
  unit: 'hour' | 'day' | 'month';
  series: { start: string; revenue: number; expenses: number }[];
}

export async function fetchFinancialSummary(period: Period): Promise<FinancialSummary> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('financial_summary', { p_period: period });
  if (error) throw new Error(error.message);
  return data as FinancialSummary;
}

export const financialSummaryQuery = (period: Period) =>
  queryOptions({ queryKey: ['admin', 'financial-summary', period], queryFn: () => fetchFinancialSummary(period) });
