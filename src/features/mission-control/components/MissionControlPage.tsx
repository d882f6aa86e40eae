import { useQuery } from '@tanstack/react-query';
import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { DataAge } from '@/components/DataAge.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { missionControlQuery } from '../data/mission-control.ts';
import { ActivityFeed, QuickActions } from './ActivityFeed.tsx';
import { RevenueChart, StockChart } from './Charts.tsx';
import { CorePulse } from './CorePulse.tsx';
import { EfficiencyInsights, InventoryStatus } from './Insights.tsx';
import { TopProducts, Underperforming } from './Products.tsx';

/**
 * Mission Control: the business at a glance from one mission_control() call, refreshed every 5
 * minutes while open and on Refresh. Offline it shows the last answer with its age.
 */
export function MissionControlPage() {
  const query = useQuery(missionControlQuery);
  const report = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Mission Control</Title>
          <Text c="dimmed">Sales, stock and service over the last 30 days.</Text>
          <DataAge updatedAt={query.dataUpdatedAt} failed={query.isError} />
        </div>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
          Refresh
        </Button>
      </Group>
      {!report && query.isError && <LoadError title="Mission Control could not be loaded" onRetry={() => void query.refetch()} />}
      {!report && !query.isError && <SkeletonList count={4} label="Loading Mission Control…" />}
      {report && (
        <>
          <CorePulse report={report} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <RevenueChart report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <InventoryStatus report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <EfficiencyInsights report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ActivityFeed report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TopProducts report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Underperforming report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <StockChart report={report} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <QuickActions />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
