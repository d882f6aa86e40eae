import { SOLUTION_LINKS } from '@/features/content-pages/data/solutionLinks.ts';

/** A destination in the store navigation. `hash` targets an element on the page (e.g. #features). */
export interface NavTarget {
  label: string;
  to: string;
  params?: Record<string, string>;
  hash?: string;
}

export interface NavGroup {
  label: string;
  items: NavTarget[];
}

export type NavEntry = NavTarget | NavGroup;

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

export const SOLUTION_TARGETS: NavTarget[] = SOLUTION_LINKS.map((link) => ({
  label: link.label,
  to: '/solutions/$audience',
  params: { audience: link.slug },
}));

// The Support Center needs a signed-in user (its guard sends a visitor to /auth and back); the
// knowledge base is public, so a visitor can read answers without an account.
export const SUPPORT_TARGETS: NavTarget[] = [
  { label: 'Support Center', to: '/support' },
  { label: 'Knowledge Base', to: '/support/articles' },
  { label: 'FAQ', to: '/support/faq' },
  { label: 'Installation Guide', to: '/support/installation' },
];

/** Spec §2 navigation bar order: Home, Products, Solutions, Features, Support. */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Home', to: '/' },
  { label: 'Products', to: '/products' },
  { label: 'Solutions', items: SOLUTION_TARGETS },
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Support', items: SUPPORT_TARGETS },
];
