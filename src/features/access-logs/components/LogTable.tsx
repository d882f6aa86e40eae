import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { SortHeader, type TableSort } from '@/components/SortHeader.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { AccessLog } from '../data/access-logs.ts';
import { actionLabel, resourceLabel, userLabel, type LogNames } from '../log-labels.ts';
import type { LogSortKey } from '../log-sort.ts';
import { ResourceText } from './ResourceText.tsx';
import { ResultBadge } from './ResultBadge.tsx';

interface Props {
  /** One page of events, already in the chosen order. */
  logs: AccessLog[];
  names: LogNames;
  sort: TableSort<LogSortKey>;
  onSort: (key: LogSortKey) => void;
  onDetails: (log: AccessLog) => void;
}

/**
 * The logs on tablets and desktops: one dense row per event, so an admin scans a page at a glance,
 * ordered by a column; Details opens the side panel with the rest (user agent, error, raw codes).
 * Who and from where share a column: a seventh column would not fit a tablet beside the sidebar.
 */
export function LogTable({ logs, names, sort, onSort, onDetails }: Props) {
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
            <Table.Th>User</Table.Th>
            <Table.Th>Resource</Table.Th>
            <Table.Th>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => (
            <Table.Tr key={log.id} data-testid="access-log">
              <Table.Td style={{ whiteSpace: 'nowrap' }} fz="sm">
                <TimeAgo date={log.created_at} />
              </Table.Td>
              <Table.Td>
                <Text fw={600} size="sm" data-testid="log-action" data-action={log.action}>
                  {actionLabel(log.action)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ResultBadge success={log.success} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="log-user">
                  {userLabel(log.user_id, names) ?? '—'}
                </Text>
                {log.ip_address && (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {log.ip_address}
                  </Text>
                )}
              </Table.Td>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="log-resource">
                <ResourceText text={resourceLabel(log.resource, names)} />
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
