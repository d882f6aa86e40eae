// Slugs and labels of the solution pages: the only content-pages data the app shell needs up front
// (the navbar and footer link to them), kept apart so the page texts stay in their own chunk.
export const SOLUTION_LINKS = [
  { slug: 'homeowners', label: 'Homeowners' },
  { slug: 'workshops', label: 'Workshops' },
  { slug: 'businesses', label: 'Small Businesses' },
  { slug: 'property-managers', label: 'Property Managers' },
] as const;

export type SolutionSlug = (typeof SOLUTION_LINKS)[number]['slug'];

export function isSolutionSlug(value: string): value is SolutionSlug {
  return SOLUTION_LINKS.some((link) => link.slug === value);
}
