// Public API of the staff support feature: the support dashboard (/support/dashboard composes it).
export { SupportDashboardPage } from './components/SupportDashboardPage.tsx';
