import { createFileRoute } from '@tanstack/react-router';
import { FinancialPage } from '@/features/finance';

export const Route = createFileRoute('/admin/financial')({
  head: () => ({ meta: [{ title: 'Financial Reports | GarageGuard' }] }),
  component: FinancialPage,
});
