// Display formatting for catalogue values (en-US, USD as in spec §9).
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

/** "$299" for whole prices, "$29.99" otherwise. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? whole.format(amount) : cents.format(amount);
}

export function formatCount(n: number): string {
  return count.format(n);
}

/** Alt text for the n-th image of a product, e.g. "Complete System, image 2 of 4". */
export function imageAlt(name: string, index: number, total: number): string {
  return total > 1 ? `${name}, image ${index + 1} of ${total}` : name;
}
