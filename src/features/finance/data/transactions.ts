// financial_transactions of one period (admin only by RLS): the newest few for the page, and all of
// them, page by page, for the CSV export.
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase, type SupabaseClient } from '@/lib/load-supabase.ts';

/** How many of the period's transactions the page lists, newest first. */
export const RECENT_TRANSACTIONS = 10;
/** Rows per request while exporting (PostgREST's usual max-rows). */
export const EXPORT_PAGE = 1000;

export interface Transaction {
  id: string;
  transaction_type: 'sale' | 'revenue' | 'expense' | 'refund';
  amount: number;
  currency: string;
  description: string | null;
  category: string | null;
  processed_at: string;
  /** The order a sale or refund belongs to, as PostgREST embeds it (null: not tied to an order). */
  order: { order_number: number } | null;
}

/** The last row of the page before: the next page starts after it in (processed_at, id) order. */
export type TransactionCursor = Pick<Transaction, 'processed_at' | 'id'> | null;

// The order's number comes with the row: the ledger's own description names the order by a piece
// of its uuid ("Order 60000000"), which nobody outside the database knows the order by.
const COLUMNS = 'id, transaction_type, amount, currency, description, category, processed_at, order:orders(order_number)';

/**
 * One page of [from, to), newest first, after `after` (also what tests/bench/admin-bench.ts
 * times). Keyset, not OFFSET: a page deep in a large period costs what the first one does. The
 * `lte` bound lets the index start at the cursor; the `or` then drops the rows of that same
 * instant already exported.
 */
export function transactionsPageQuery(supabase: SupabaseClient, from: string, to: string, after: TransactionCursor, limit: number) {
  let query = supabase.from('financial_transactions').select(COLUMNS).gte('processed_at', from).lt('processed_at', to);
  if (after) query = query.lte('processed_at', after.processed_at).or(`processed_at.lt.${after.processed_at},id.lt.${after.id}`);
  return query.order('processed_at', { ascending: false }).order('id', { ascending: false }).limit(limit);
}

async function page(from: string, to: string, after: TransactionCursor, limit: number): Promise<Transaction[]> {
  const { data, error } = await transactionsPageQuery(await loadSupabase(), from, to, after, limit);
  if (error) throw new Error(error.message);
  // Without generated database types supabase-js types every embed as a list; a many-to-one embed
  // (a transaction's order) arrives as one object or null.
  return data as unknown as Transaction[];
}

export const recentTransactionsQuery = (from: string, to: string) =>
  queryOptions({ queryKey: ['admin', 'transactions', from, to], queryFn: () => page(from, to, null, RECENT_TRANSACTIONS) });

/** Every transaction of [from, to), newest first. */
export async function fetchAllTransactions(from: string, to: string): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (;;) {
    const batch = await page(from, to, rows.at(-1) ?? null, EXPORT_PAGE);
    rows.push(...batch);
    if (batch.length < EXPORT_PAGE) return rows;
  }
}

/** Money out (expenses, refunds) counts against the period. */
export const isMoneyOut = (t: Pick<Transaction, 'transaction_type'>) => t.transaction_type === 'expense' || t.transaction_type === 'refund';
