// Public API of the overview feature: the dashboard's home page and its computations.
export { OverviewGreeting, OverviewPage } from './components/OverviewPage.tsx';
