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
