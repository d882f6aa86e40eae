import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconListSearch } from '@tabler/icons-react';
import { DataAge } from '@/components/DataAge.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { accessLogStatsQuery } from '../data/access-log-stats.ts';
import { accessLogsQuery, NO_FILTERS, type AccessLog, type LogFilters } from '../data/access-logs.ts';
import { ExportLogsButton } from './ExportLogsButton.tsx';
import { Filters } from './Filters.tsx';
import { LogDetails } from './LogDetails.tsx';
import { LogEntry } from './LogEntry.tsx';
import { LogTable } from './LogTable.tsx';
import { StatCards } from './StatCards.tsx';

/** The search box waits for a pause in typing before asking the database. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Access Logs: five stats, filters applied in SQL, the 500 newest matching events (a sortable
 * table with a details panel from tablet width up, cards on phones), Load more, CSV.
 */
export function AccessLogsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [choices, setChoices] = useState<LogFilters>(NO_FILTERS);
  const filters: LogFilters = { ...choices, search: debounced.trim() };
  const stats = useQuery(accessLogStatsQuery);
  const logs = useInfiniteQuery(accessLogsQuery(filters));
  const rows = logs.data?.pages.flat() ?? [];
  const failed = stats.isError || logs.isError;
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false }) ?? false;
  const [details, setDetails] = useState<AccessLog | null>(null);

  useEffect(() => {
    if (failed) notifications.show({ title: 'Error', message: 'Failed to fetch access logs', color: 'red' });
  }, [failed]);

  const retry = () => void Promise.all([stats.refetch(), logs.refetch()]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Access Logs</Title>
          <Text c="dimmed">Sign-ins and staff actions, newest first.</Text>
          <DataAge updatedAt={logs.dataUpdatedAt} failed={failed} />
        </div>
        <ExportLogsButton logs={rows} />
      </Group>
      <StatCards stats={stats.data} />
      <Filters search={search} onSearch={setSearch} filters={choices} onChange={setChoices} />
      {!logs.data && logs.isError && <LoadError title="Failed to fetch access logs" onRetry={retry} />}
      {!logs.data && !logs.isError && <SkeletonList count={5} label="Loading access logs…" lines={1} />}
      {logs.data && rows.length === 0 && <EmptyState icon={<IconListSearch />} title="No access logs found matching your criteria" />}
      {rows.length > 0 && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="log-count">
            Showing {rows.length} {rows.length === 1 ? 'event' : 'events'}
          </Text>
          {phone ? (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Access logs">
              {rows.map((log) => (
                <LogEntry key={log.id} log={log} />
              ))}
            </Stack>
          ) : (
            <LogTable logs={rows} onDetails={setDetails} />
          )}
          {logs.hasNextPage && (
            <Button variant="light" onClick={() => void logs.fetchNextPage()} loading={logs.isFetchingNextPage} style={{ alignSelf: 'center' }}>
              Load more
            </Button>
          )}
        </>
      )}
      <LogDetails log={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}
