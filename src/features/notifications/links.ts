/**
 * A notification's link as the app may follow it: a path of this site ('/dashboard/orders',
 * '/support?ticket=…'). Anything else (another origin, `//host`, `javascript:`) is not a link:
 * notifications are server-written, but a link is only ever followed inside the app.
 */
export function internalLink(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  return link;
}
