import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { downloadCsv, toCsv, type CsvColumn } from '@/lib/csv.ts';
import { logAccessEvent } from '@/lib/log-access-event.ts';
import type { FinancialSummary } from '../data/financial-summary.ts';
import { fetchAllTransactions, type Transaction } from '../data/transactions.ts';

const COLUMNS: CsvColumn<Transaction>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'processed_at', value: (t) => t.processed_at },
  { header: 'transaction_type', value: (t) => t.transaction_type },
  { header: 'amount', value: (t) => t.amount.toFixed(2) },
  { header: 'currency', value: (t) => t.currency },
  { header: 'category', value: (t) => t.category },
  { header: 'description', value: (t) => t.description },
  { header: 'order_number', value: (t) => t.order?.order_number ?? null },
];

/** Downloads every transaction of the period as CSV (not only the ones listed). */
export function ExportButton({ summary }: { summary: FinancialSummary | undefined }) {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    if (!summary) return;
    setBusy(true);
    try {
      const rows = await fetchAllTransactions(summary.from, summary.to);
      downloadCsv(`transactions-${summary.period}-${summary.from.slice(0, 10)}.csv`, toCsv(rows, COLUMNS));
      void logAccessEvent('report.export', `financial/${summary.period}`);
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to fetch financial data', color: 'red' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void onExport()} loading={busy} disabled={!summary}>
      Export CSV
    </Button>
  );
}
