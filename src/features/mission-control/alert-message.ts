// The Activity Feed's sentences, written here from the report's own figures: the server's message
// is plain SQL text ("$7173.40", "2 item(s)"), while every amount the app shows goes through
// formatMoney ("$7,173.40") and every count through countOf ("1 item", "2 items").
import { countOf } from '@/lib/count.ts';
import { formatMoney } from '@/lib/money.ts';
import type { Alert, MissionControlReport } from './data/mission-control.ts';

type Figures = Pick<MissionControlReport, 'net_profit' | 'inventory' | 'complaints' | 'orders' | 'refunds' | 'revenue'>;

const percent = (value: number) => `${value.toFixed(1)}%`;

const MESSAGES: Record<string, (r: Figures) => string> = {
  net_profit: (r) => `Expenses exceed revenue by ${formatMoney(-r.net_profit)} over the last 30 days`,
  out_of_stock: (r) => `${countOf(r.inventory.out_of_stock, 'item')} out of stock`,
  complaints: (r) => `${countOf(r.complaints.total, 'open or in-progress support ticket')}`,
  orders_today: (r) => `${countOf(r.orders.today, 'order')} placed today`,
  low_stock: (r) => `${countOf(r.inventory.low_stock, 'item')} at or below minimum stock`,
  refund_rate: (r) => `Refunds are ${percent(r.refunds.refund_rate)} of revenue`,
  revenue_change: (r) => `Revenue is up ${percent(r.revenue.change_percent)} on the previous 30 days`,
};

/** The alert's sentence; an alert type this version does not know keeps the server's words. */
export function alertMessage(alert: Pick<Alert, 'type' | 'message'>, report: Figures): string {
  return MESSAGES[alert.type]?.(report) ?? alert.message;
}
