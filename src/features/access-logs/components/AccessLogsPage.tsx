import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
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
import { LogList } from './LogList.tsx';
import { StatCards } from './StatCards.tsx';

/** The search box waits for a pause in typing before asking the database. */
const SEARCH_DEBOUNCE_MS = 300;

const NO_LOGS: AccessLog[] = [];

/**
 * Access Logs: five stats, filters applied in SQL, the 500 newest matching events 25 a page (a
 * sortable table with a details panel from tablet width up, cards on phones), Load more, CSV.
 */
export function AccessLogsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [choices, setChoices] = useState<LogFilters>(NO_FILTERS);
  const filters: LogFilters = { ...choices, search: debounced.trim() };
  const stats = useQuery(accessLogStatsQuery);
  const logs = useInfiniteQuery(accessLogsQuery(filters));
  const rows = useMemo(() => logs.data?.pages.flat() ?? NO_LOGS, [logs.data]);
  const failed = stats.isError || logs.isError;

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
        <LogList
          logs={rows}
          filterKey={JSON.stringify(filters)}
          more={{ hasMore: logs.hasNextPage, loading: logs.isFetchingNextPage, load: () => void logs.fetchNextPage() }}
        />
      )}
    </Stack>
  );
}
