// The one way the app shows money: US dollars, en-US, with thousands separators ("$1,234.50").

// Made on first use: building a NumberFormat loads the locale's data (tens of ms on a slow phone),
// and most pages that load this module (the dashboard's shell) never show an amount at start.
let formats: { withCents: Intl.NumberFormat; wholeDollars: Intl.NumberFormat } | undefined;
const money = () =>
  (formats ??= {
    withCents: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    wholeDollars: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  });

export interface MoneyFormat {
  /**
   * Leave out ".00" when the amount is whole dollars: list prices ("$299", "$29.99"). Totals,
   * line amounts and anything summed keep the cents ("$598.00").
   */
  dropZeroCents?: boolean;
}

/** Whole cents of a dollar amount. Money is summed in cents so 59.99 × 3 is 179.97, never 179.96999999999997. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * A dollar amount for display: "$1,234.50". Amounts are dollars, as the catalogue, the cart's
 * totals and the orders' rows hold them; code that sums in cents converts back (cents / 100) first.
 */
export function formatMoney(dollars: number, { dropZeroCents = false }: MoneyFormat = {}): string {
  const cents = toCents(dollars);
  if (dropZeroCents && cents % 100 === 0) return money().wholeDollars.format(cents / 100);
  return money().withCents.format(cents / 100);
}

let axisFormat: Intl.NumberFormat | undefined;
/**
 * A chart axis's dollar label: "$20K", "$2.5K", "$800". Full amounts ("$20,000.00") are wider than
 * a chart's axis, which cut them at the left and lost the "$" (issue 26); tooltips keep formatMoney.
 */
export function formatMoneyAxis(dollars: number): string {
  axisFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
  return axisFormat.format(dollars);
}
