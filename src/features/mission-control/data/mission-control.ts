// mission_control(): every figure, list, alert and chart series of Mission Control in one call,
// aggregated in SQL (admin only; RLS-level check inside the function).
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase.ts';

/** Mission Control refreshes itself every 5 minutes while it is open. */
export const AUTO_REFRESH_MS = 5 * 60_000;
/** The Activity Feed shows the first 6 of the (at most 8) alerts, most severe first. */
export const FEED_SIZE = 6;

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface Alert {
  type: string;
  severity: Severity;
  title: string;
  message: string;
}

export interface StockItem {
  id?: string;
  product_name: string;
  sku: string;
  current_stock: number;
  minimum_stock: number;
}

export interface MissionControlReport {
  generated_at: string;
  revenue: { last_30_days: number; previous_30_days: number; change_percent: number };
  expenses: number;
  net_profit: number;
  profit_margin: number;
  orders: { today: number; last_30_days: number };
  average_order_value: { value: number; above_target: boolean; label: string };
  inventory: {
    total_items: number;
    total_units: number;
    stock_value: number;
    in_stock: number;
    low_stock: number;
    out_of_stock: number;
    low_stock_items: StockItem[];
    out_of_stock_items: StockItem[];
  };
  refunds: { total: number; count: number; refund_rate: number; refund_rate_warning: boolean; return_rate: number; return_rate_warning: boolean };
  complaints: { open: number; in_progress: number; total: number; critical: boolean };
  top_products: { product_id: number | null; name: string; units_sold: number; revenue: number }[];
  underperforming_products: { id: string; product_name: string; sku: string; units_sold: number; last_sale_at: string | null; days_since_last_sale: number | null }[];
  alerts: Alert[];
  revenue_by_day: { day: string; revenue: number }[];
  stock_by_product: StockItem[];
}

export async function fetchMissionControl(): Promise<MissionControlReport> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('mission_control');
  if (error) throw new Error(error.message);
  return data as MissionControlReport;
}

export const missionControlQuery = queryOptions({
  queryKey: ['admin', 'mission-control'],
  queryFn: fetchMissionControl,
  refetchInterval: AUTO_REFRESH_MS,
});
