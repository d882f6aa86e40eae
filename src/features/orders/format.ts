// Display formatting of orders (en-US). Amounts: formatMoney in src/lib/money.ts.
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 21, 2026", in the visitor's time zone. */
export function formatOrderDate(iso: string): string {
  return date.format(new Date(iso));
}

/** The first 8 characters of the uuid: what the seed, the ledger and notifications call the order. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** 'Order #100042'; the short id while the order's number has not arrived on this device. */
export function orderTitle(order: { id: string; orderNumber: number | null }): string {
  return `Order #${order.orderNumber ?? shortOrderId(order.id)}`;
}

/** Orders on their way to the customer, for which a one-use delivery code makes sense. */
export function isOnItsWay(status: string): boolean {
  return status === 'processing' || status === 'shipped';
}
