// The /dashboard/access page, imported by the route's component (its own chunk).
export { AccessPage, type AccessPageProps } from './components/AccessPage.tsx';
