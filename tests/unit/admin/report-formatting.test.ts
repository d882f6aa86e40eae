// What the admin reports print: transactions by their order's number, Mission Control's alert
// sentences with the app's money and count formats, product names that keep a number with its unit.
import { describe, expect, it } from 'vitest';
import { transactionTitle } from '@/features/finance/transaction-title.ts';
import { alertMessage } from '@/features/mission-control/alert-message.ts';
import type { MissionControlReport } from '@/features/mission-control/data/mission-control.ts';
import { productName } from '@/features/mission-control/product-name.ts';

describe('transactionTitle', () => {
  const sale = { transaction_type: 'sale' as const, description: 'Order 60000000', category: 'Product Sales' };

  it("calls an order's sale and refund by the order's number, never a piece of its uuid", () => {
    expect(transactionTitle({ ...sale, order: { order_number: 100004 } })).toBe('Order #100004');
    expect(transactionTitle({ ...sale, transaction_type: 'refund', description: 'Refund for order C00A2B99', order: { order_number: 100017 } })).toBe('Refund for order #100017');
  });

  it('keeps the description of a row that is not an order', () => {
    expect(transactionTitle({ transaction_type: 'expense', description: 'Warehouse rent, Austin', category: 'Facilities', order: null })).toBe('Warehouse rent, Austin');
  });

  it("falls back to the category when the order is gone and the description names it only by uuid", () => {
    expect(transactionTitle({ ...sale, order: null })).toBe('Product Sales');
    expect(transactionTitle({ ...sale, category: null, order: null })).toBe('Sale');
  });
});

const report = {
  net_profit: -7173.4,
  inventory: { out_of_stock: 2, low_stock: 1 },
  complaints: { total: 9 },
  orders: { today: 14 },
  refunds: { refund_rate: 17.94 },
  revenue: { change_percent: 63.9 },
} as unknown as MissionControlReport;

describe('alertMessage', () => {
  it('writes money as formatMoney does everywhere else', () => {
    expect(alertMessage({ type: 'net_profit', message: 'Expenses exceed revenue by $7173.40 over the last 30 days' }, report)).toBe(
      'Expenses exceed revenue by $7,173.40 over the last 30 days',
    );
  });

  it('counts in proper plurals', () => {
    expect(alertMessage({ type: 'out_of_stock', message: '2 item(s) out of stock' }, report)).toBe('2 items out of stock');
    expect(alertMessage({ type: 'low_stock', message: '1 item(s) at or below minimum stock' }, report)).toBe('1 item at or below minimum stock');
    expect(alertMessage({ type: 'complaints', message: '' }, report)).toBe('9 open or in-progress support tickets');
    expect(alertMessage({ type: 'orders_today', message: '' }, report)).toBe('14 orders placed today');
  });

  it('keeps one decimal on rates, and the server’s words for an alert it does not know', () => {
    expect(alertMessage({ type: 'refund_rate', message: '' }, report)).toBe('Refunds are 17.9% of revenue');
    expect(alertMessage({ type: 'revenue_change', message: '' }, report)).toBe('Revenue is up 63.9% on the previous 30 days');
    expect(alertMessage({ type: 'something_new', message: 'As the server says' }, report)).toBe('As the server says');
  });
});

describe('productName', () => {
  it('holds a number and its unit together with a no-break space', () => {
    expect(productName('Extension Cable 5 m')).toBe('Extension Cable 5\u00a0m');
    expect(productName('12 V Power Adapter')).toBe('12\u00a0V Power Adapter');
  });

  it('leaves other spaces alone', () => {
    expect(productName('Outdoor Unit Mounting Bracket')).toBe('Outdoor Unit Mounting Bracket');
    expect(productName('Pack of 3 magnets')).toBe('Pack of 3 magnets');
  });
});
