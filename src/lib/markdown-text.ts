/**
 * An article's text without Markdown syntax (emphasis, link targets, quote and list markers), so a
 * card's excerpt reads as prose. A heading or list item ends its sentence: without a stop of its
 * own it gets one, or "Order status" ran into "Orders move…" as one sentence.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|[-*+][ \t]+|\d+[.)][ \t]+)(.*?)[ \t]*#*[ \t]*$/gm, (_, line: string) => (line === '' || /[.!?:;,]$/.test(line) ? line : `${line}.`))
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
