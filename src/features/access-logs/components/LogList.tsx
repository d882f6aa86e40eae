import { useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { nextSort, type TableSort } from '@/components/SortHeader.tsx';
import type { AccessLog } from '../data/access-logs.ts';
import { logNamesQuery } from '../data/log-names.ts';
import { NO_NAMES } from '../log-labels.ts';
import { DEFAULT_LOG_SORT, sortLogs, type LogSortKey } from '../log-sort.ts';
import { logPage, showingText } from '../paging.ts';
import { LogDetails } from './LogDetails.tsx';
import { LogEntry } from './LogEntry.tsx';
import { LogTable } from './LogTable.tsx';

const PAGER_LABELS: Record<string, string> = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

interface Props {
  /** Every loaded event matching the filters, newest first. */
  logs: AccessLog[];
  /** Changes whenever the filters do: the list then starts again at page 1. */
  filterKey: string;
  /** Older events wait on the server ('Load more'). */
  more: { hasMore: boolean; loading: boolean; load: () => void };
}

/**
 * The loaded events, 25 a page (a table from tablet width up, cards on phones), with the names of
 * their users and resources; the order and the filters start it again at page 1.
 */
export function LogList({ logs, filterKey, more }: Props) {
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false }) ?? false;
  const [sort, setSort] = useState<TableSort<LogSortKey>>(DEFAULT_LOG_SORT);
  const viewKey = `${filterKey}|${sort.key}|${sort.direction}`;
  // The page belongs to one filter and order: held with its key, it is page 1 again for any other.
  const [paging, setPaging] = useState({ key: viewKey, page: 1 });
  const [details, setDetails] = useState<AccessLog | null>(null);
  const top = useRef<HTMLParagraphElement>(null);

  const sorted = useMemo(() => sortLogs(logs, sort), [logs, sort]);
  const range = logPage(sorted.length, paging.key === viewKey ? paging.page : 1);
  const shown = sorted.slice(range.start, range.end);
  const names = useQuery({ ...logNamesQuery(shown), placeholderData: keepPreviousData }).data ?? NO_NAMES;

  const goTo = (page: number) => {
    setPaging({ key: viewKey, page });
    top.current?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <>
      <Text ref={top} size="sm" c="dimmed" aria-live="polite" data-testid="log-count" style={{ scrollMarginTop: 80 }}>
        {showingText(range)}
        {more.hasMore ? ' loaded' : ''}
      </Text>
      {phone ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Access logs">
          {shown.map((log) => (
            <LogEntry key={log.id} log={log} names={names} />
          ))}
        </Stack>
      ) : (
        <LogTable logs={shown} names={names} sort={sort} onSort={(key) => setSort((current) => nextSort(current, key))} onDetails={setDetails} />
      )}
      {/* First and last page from tablets up; a phone's row has room for the pages and arrows only. */}
      <Group justify="center" gap="md">
        {range.pages > 1 && (
          <nav aria-label="Access log pages">
            <Pagination total={range.pages} value={range.page} onChange={goTo} siblings={phone ? 0 : 1} withEdges={!phone} getControlProps={(control) => ({ 'aria-label': PAGER_LABELS[control] })} data-testid="log-pagination" />
          </nav>
        )}
        {more.hasMore && (
          <Button variant="light" onClick={more.load} loading={more.loading}>
            Load more
          </Button>
        )}
      </Group>
      <LogDetails log={details} names={names} onClose={() => setDetails(null)} />
    </>
  );
}
