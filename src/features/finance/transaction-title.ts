import type { Transaction } from './data/transactions.ts';

/** "Order c00a2b99", "Refund for order 60000000": the ledger naming an order by a piece of its uuid. */
const UUID_ORDER_REFERENCE = /\border\s+[0-9a-f]{8}\b/i;

const TYPE_LABELS: Record<Transaction['transaction_type'], string> = { sale: 'Sale', revenue: 'Revenue', expense: 'Expense', refund: 'Refund' };

/**
 * What a transaction's row is called. A sale or refund of an order reads with the number the
 * customer knows the order by ("Order #100042", "Refund for order #100042"); any other row keeps
 * its description. A description that names an order only by a uuid fragment (its order since
 * deleted) gives way to the category or type: a uuid fragment is nobody's reference.
 */
export function transactionTitle(t: Pick<Transaction, 'transaction_type' | 'description' | 'category' | 'order'>): string {
  const number = t.order?.order_number;
  if (number !== undefined) {
    if (t.transaction_type === 'refund') return `Refund for order #${number}`;
    if (t.transaction_type === 'sale' || !t.description || UUID_ORDER_REFERENCE.test(t.description)) return `Order #${number}`;
  }
  if (t.description && !UUID_ORDER_REFERENCE.test(t.description)) return t.description;
  return t.category ?? TYPE_LABELS[t.transaction_type];
}
