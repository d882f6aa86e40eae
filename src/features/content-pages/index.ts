// Static content pages. Route files import the page data and one of the two page components.
export { ContentPage } from './components/ContentPage.tsx';
export { FaqPage } from './components/FaqPage.tsx';
export { INSTALLATION_PAGE } from './data/installation.ts';
export { FAQ_PAGE } from './data/faq.ts';
export { PRIVACY_PAGE, TERMS_PAGE } from './data/legal.ts';
export { WARRANTY_PAGE, RETURNS_PAGE } from './data/policies.ts';
export { SOLUTION_PAGES } from './data/solutions.ts';
export { SOLUTION_LINKS, isSolutionSlug, type SolutionSlug } from './data/solutionLinks.ts';
export { getSolutionPage } from './solutions.ts';
export type { ContentPageData, FaqPageData } from './types.ts';
