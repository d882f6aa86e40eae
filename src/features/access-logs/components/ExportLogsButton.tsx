import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadCsv, toCsv, type CsvColumn } from '@/lib/csv.ts';
import { logAccessEvent } from '@/lib/log-access-event.ts';
import type { AccessLog } from '../data/access-logs.ts';

const COLUMNS: CsvColumn<AccessLog>[] = [
  { header: 'created_at', value: (l) => l.created_at },
  { header: 'action', value: (l) => l.action },
  { header: 'result', value: (l) => (l.success ? 'success' : 'failed') },
  { header: 'resource', value: (l) => l.resource },
  { header: 'ip_address', value: (l) => l.ip_address },
  { header: 'user_agent', value: (l) => l.user_agent },
  { header: 'error_message', value: (l) => l.error_message },
  { header: 'user_id', value: (l) => l.user_id },
  { header: 'id', value: (l) => l.id },
];

/** Downloads the logs on screen (the current filters, as many pages as are loaded) as CSV. */
export function ExportLogsButton({ logs }: { logs: AccessLog[] }) {
  const onExport = () => {
    downloadCsv(`access-logs-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(logs, COLUMNS));
    void logAccessEvent('report.export', 'access_logs');
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={onExport} disabled={logs.length === 0}>
      Export CSV
    </Button>
  );
}
