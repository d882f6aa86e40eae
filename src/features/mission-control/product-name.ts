// Product names as Mission Control's narrow tables and chart axes show them.

/** Units that follow a number in our product names ("5 m", "12 V", "2.5 mm", "64 GB"). */
const NUMBER_AND_UNIT = /(\d)\s+(mm|cm|m|km|in|ft|V|W|A|mAh|Ah|kg|g|GB|TB|MP|K)(?=\s|$|[),.;:])/g;

/**
 * A name with each number and its unit held together by a no-break space, so a line break never
 * leaves the unit alone on the next line ("Extension Cable 5" / "m"). Chart axes wrap at spaces too
 * (recharts splits on whitespace, which the no-break space is not).
 */
export function productName(name: string): string {
  return name.replace(NUMBER_AND_UNIT, '$1\u00a0$2');
}
