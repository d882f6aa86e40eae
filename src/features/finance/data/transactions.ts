// financial_transactions of one period (admin only by RLS): the newest few for the page, and all of
// them, page by page, for the CSV export.
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase.ts';

/** How many of the period's transactions the page lists, newest first. */
export const RECENT_TRANSACTIONS = 10;
/** Rows per request while exporting (PostgREST's usual max-rows). */
const EXPORT_PAGE = 1000;

export interface Transaction {
  id: string;
  transaction_type: 'sale' | 'revenue' | 'expense' | 'refund';
  amount: number;
  currency: string;
  description: string | null;
  category: string | null;
  processed_at: string;
}

const COLUMNS = 'id, transaction_type, amount, currency, description, category, processed_at';

async function page(from: string, to: string, offset: number, limit: number): Promise<Transaction[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('financial_transactions')
    .select(COLUMNS)
    .gte('processed_at', from)
    .lt('processed_at', to)
    .order('processed_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) throw new Error(error.message);
  return data as Transaction[];
}

export const recentTransactionsQuery = (from: string, to: string) =>
  queryOptions({ queryKey: ['admin', 'transactions', from, to], queryFn: () => page(from, to, 0, RECENT_TRANSACTIONS) });

/** Every transaction of [from, to), newest first. */
export async function fetchAllTransactions(from: string, to: string): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (;;) {
    const batch = await page(from, to, rows.length, EXPORT_PAGE);
    rows.push(...batch);
    if (batch.length < EXPORT_PAGE) return rows;
  }
}

/** Money out (expenses, refunds) counts against the period. */
export const isMoneyOut = (t: Pick<Transaction, 'transaction_type'>) => t.transaction_type === 'expense' || t.transaction_type === 'refund';
