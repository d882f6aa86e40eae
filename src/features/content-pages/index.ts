// Content pages. The legal and solution pages are CMS pages (published cms_content rows by slug);
// the FAQ and the installation guide stay static pages in this folder.
export { ContentPage } from './components/ContentPage.tsx';
export { FaqPage } from './components/FaqPage.tsx';
export { PublicCmsPage } from './components/PublicCmsPage.tsx';
export { INSTALLATION_PAGE } from './data/installation.ts';
export { FAQ_PAGE } from './data/faq.ts';
export { SOLUTION_LINKS, isSolutionSlug, type SolutionSlug } from './data/solutionLinks.ts';
export type { PageData } from './data/page-loaders.ts';
export type { ContentPageData, FaqPageData } from './types.ts';
