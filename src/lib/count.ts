// Counts in running text ("3,976 views", "1 view"): digits grouped the en-US way, like prices, and
// the noun in the singular for exactly one.
const number = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return number.format(n);
}

/** `countOf(3976, 'view')` is "3,976 views"; `countOf(1, 'view')` is "1 view". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
