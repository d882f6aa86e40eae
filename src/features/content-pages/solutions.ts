import { SOLUTION_PAGES } from './data/solutions.ts';
import { isSolutionSlug } from './data/solutionLinks.ts';
import type { ContentPageData } from './types.ts';

/** The solution page for an audience slug, or null for an unknown audience (→ not found). */
export function getSolutionPage(slug: string): ContentPageData | null {
  return isSolutionSlug(slug) ? SOLUTION_PAGES[slug] : null;
}
