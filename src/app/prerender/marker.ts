/**
 * The prerendered pages mark their root with the path they were rendered for. The client hydrates
 * only when that is the current path and there is no search string (`/products?category=…` is served
 * the unfiltered /products HTML by static hosts; it is client-rendered over it instead).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export function canHydrate(root: Element, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const path = root.getAttribute(PRERENDERED_ATTRIBUTE);
  return path !== null && path === location.pathname && location.search === '' && root.firstElementChild !== null;
}

