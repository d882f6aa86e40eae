export { LandingPage } from './components/LandingPage.tsx';
export { NotifyMeSchema, NewsletterSchema } from './schemas.ts';
export { subscribe } from './data/newsletter.ts';
