import { StatCardGrid } from '@/components/StatCardGrid.tsx';
import type { AccessLogStats } from '../data/access-log-stats.ts';

/** Total, failed, success rate (one decimal), today's total and today's failures. */
export function StatCards({ stats }: { stats: AccessLogStats | undefined }) {
  const cards = [
    { label: 'Total Events', value: stats?.total, testId: 'stat-total' },
    { label: 'Failed Attempts', value: stats?.failed, testId: 'stat-failed' },
    { label: 'Success Rate', value: stats && `${stats.successRate.toFixed(1)}%`, testId: 'stat-success-rate' },
    { label: 'Today', value: stats?.todayTotal, testId: 'stat-today' },
    { label: 'Failed Today', value: stats?.todayFailed, testId: 'stat-today-failed' },
  ];
  return <StatCardGrid cards={cards} cols={{ base: 2, sm: 3, lg: 5 }} />;
}
