import type { ReactNode } from 'react';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { statusLabel } from '@/lib/status.ts';
import { useOverview } from '../use-overview.ts';
import { RecentActivity } from './RecentActivity.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { SystemBars } from './SystemBars.tsx';
import { LoadError } from '@/components/LoadError.tsx';

interface GreetingProps {
  /** The signed-in user's first name, if the profile has one. */
  firstName: string | null;
  /** The user's role ('customer', …); the badge says 'Customer' when it is not known. */
  role: string | null;
}

/** The overview's welcome with the user's first name and role badge. */
export function OverviewGreeting({ firstName, role }: GreetingProps) {
  return (
    <Group gap="sm" align="center">
      <Title order={1}>{firstName ? `Welcome back, ${firstName}!` : 'Welcome back!'}</Title>
      <Badge variant="filled" color="blue" autoContrast data-testid="role-badge">
        {role ? statusLabel(role) : 'Customer'}
      </Badge>
    </Group>
  );
}

/**
 * /dashboard: a welcome, the four numbers, the recent activity and the system bars, all from the
 * user's own data. The greeting comes from the route (it knows the profile) as an element of its
 * own, so the profile arriving re-renders the greeting alone.
 */
export function OverviewPage({ greeting }: { greeting: ReactNode }) {
  const { state, retry } = useOverview();
  const data = state.status === 'loaded' ? state.data : null;
  return (
    <Stack gap="lg">
      {greeting}
      <Text c="gray.7" mt={-8}>
        Your devices, access codes, notifications and orders at a glance.
      </Text>
      {state.status === 'error' && (
        <LoadError title="Your overview could not be loaded" onRetry={retry} />
      )}
      {state.status !== 'error' && (
        <div aria-busy={state.status === 'loading'}>
          <Stack gap="lg">
            <SummaryCards data={data} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <RecentActivity items={data?.activity ?? null} />
              <SystemBars bars={data?.bars ?? null} />
            </SimpleGrid>
          </Stack>
        </div>
      )}
    </Stack>
  );
}
