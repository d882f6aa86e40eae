import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DataAge } from '@/components/DataAge.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { DEFAULT_PERIOD, financialSummaryQuery, PERIODS, type Period } from '../data/financial-summary.ts';
import { recentTransactionsQuery } from '../data/transactions.ts';
import { ExportButton } from './ExportButton.tsx';
import { FinanceChart } from './FinanceChart.tsx';
import { MetricCards } from './MetricCards.tsx';
import { TransactionList } from './TransactionList.tsx';

/** Financial Reports: the chosen period's figures, chart, newest transactions and CSV export. */
export function FinancialPage() {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const narrow = useMediaQuery('(max-width: 767.98px)') ?? false;
  const summary = useQuery(financialSummaryQuery(period));
  const bounds = summary.data;
  const transactions = useQuery({ ...recentTransactionsQuery(bounds?.from ?? '', bounds?.to ?? ''), enabled: Boolean(bounds) });
  const failed = summary.isError || transactions.isError;

  useEffect(() => {
    if (failed) notifications.show({ title: 'Error', message: 'Failed to fetch financial data', color: 'red' });
  }, [failed]);

  const retry = () => void Promise.all([summary.refetch(), bounds ? transactions.refetch() : null]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Financial Reports</Title>
          <Text c="dimmed">Revenue, expenses and transactions per period, in USD.</Text>
          <DataAge updatedAt={summary.dataUpdatedAt} failed={failed} />
        </div>
        <ExportButton summary={bounds} />
      </Group>
      <SegmentedControl
        aria-label="Period"
        value={period}
        onChange={(value) => setPeriod(value as Period)}
        data={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
      />
      {!bounds && summary.isError && <LoadError title="Failed to fetch financial data" onRetry={retry} />}
      {!bounds && !summary.isError && <SkeletonList count={4} label="Loading financial data…" lines={1} />}
      {bounds && (
        <>
          <MetricCards summary={bounds} />
          <FinanceChart summary={bounds} />
          {transactions.isError && !transactions.data ? (
            <LoadError title="Failed to fetch financial data" onRetry={retry} />
          ) : (
            <TransactionList transactions={transactions.data} />
          )}
        </>
      )}
    </Stack>
  );
}
