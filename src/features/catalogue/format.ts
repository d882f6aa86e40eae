// Display formatting for catalogue values (en-US). Prices: formatMoney in src/lib/money.ts.
const count = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return count.format(n);
}

/** Alt text for the n-th image of a product, e.g. "Complete System, image 2 of 4". */
export function imageAlt(name: string, index: number, total: number): string {
  return total > 1 ? `${name}, image ${index + 1} of ${total}` : name;
}
