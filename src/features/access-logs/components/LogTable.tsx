import { useState } from 'react';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { nextSort, SortHeader, type TableSort } from '@/components/SortHeader.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { AccessLog } from '../data/access-logs.ts';
import { DEFAULT_LOG_SORT, sortLogs, type LogSortKey } from '../log-sort.ts';
import { ResultBadge } from './ResultBadge.tsx';

/**
 * The logs on tablets and desktops: one dense row per event, so an admin scans hundreds (the
 * cards fit about eight on a screen), ordered by a column; Details opens the side panel with the
 * rest (user agent, error, user).
 */
export function LogTable({ logs, onDetails }: { logs: AccessLog[]; onDetails: (log: AccessLog) => void }) {
  const [sort, setSort] = useState<TableSort<LogSortKey>>(DEFAULT_LOG_SORT);
  const onSort = (key: LogSortKey) => setSort((current) => nextSort(current, key));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} highlightOnHover aria-label="Access logs" data-testid="access-log-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader sortKey="time" sort={sort} onSort={onSort}>
              Time
            </SortHeader>
            <SortHeader sortKey="action" sort={sort} onSort={onSort}>
              Action
            </SortHeader>
            <SortHeader sortKey="result" sort={sort} onSort={onSort}>
              Result
            </SortHeader>
            <Table.Th>Resource</Table.Th>
            <Table.Th>IP address</Table.Th>
            <Table.Th>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortLogs(logs, sort).map((log) => (
            <Table.Tr key={log.id} data-testid="access-log">
              <Table.Td style={{ whiteSpace: 'nowrap' }} fz="sm">
                <TimeAgo date={log.created_at} />
              </Table.Td>
              <Table.Td>
                <Text fw={600} size="sm" data-testid="log-action">
                  {log.action}
                </Text>
              </Table.Td>
              <Table.Td>
                <ResultBadge success={log.success} />
              </Table.Td>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {log.resource ?? '—'}
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {log.ip_address ?? '—'}
              </Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="default" onClick={() => onDetails(log)}>
                  Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
