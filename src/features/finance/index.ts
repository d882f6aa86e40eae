// Public API of the finance feature: the Financial Reports page, for /admin/financial.
export { FinancialPage } from './components/FinancialPage.tsx';
