import { useState, type ReactNode } from 'react';
import { Badge, Flex, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { statusLabel } from '@/lib/status.ts';
import { noteShopExplored } from '../first-run.ts';
import { useOverview } from '../use-overview.ts';
import { FirstRunChecklist } from './FirstRunChecklist.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { SystemBars } from './SystemBars.tsx';
import { LoadError } from '@/components/LoadError.tsx';

interface GreetingProps {
  /** The signed-in user's first name, if the profile has one. */
  firstName: string | null;
  /** The user's role ('customer', …); the badge says 'Customer' when it is not known. */
  role: string | null;
  /** A returning user ('Welcome back'); a new customer, until their first steps are done, gets 'Welcome'. */
  returning?: boolean;
  /** Until the data has said whether the user returns, phones keep room for a two-line greeting. */
  settled?: boolean;
}

/** The overview's welcome with the user's first name and role badge. */
export function OverviewGreeting({ firstName, role, returning = true, settled = true }: GreetingProps) {
  const welcome = returning ? 'Welcome back' : 'Welcome';
  // On phones the badge has a line of its own and the heading keeps room for two lines until the
  // data has settled: the prerendered "Welcome!" becoming "Welcome back, Casey!" moved the whole
  // page down (Lighthouse's layout shift).
  return (
    <Flex direction={{ base: 'column', xs: 'row' }} align={{ base: 'flex-start', xs: 'center' }} gap={{ base: 4, xs: 'sm' }} wrap="wrap">
      <Title order={1} mih={settled ? undefined : { base: '2.6em', xs: 0 }}>
        {firstName ? `${welcome}, ${firstName}!` : `${welcome}!`}
      </Title>
      <Badge variant="filled" color="blue" autoContrast data-testid="role-badge">
        {role ? statusLabel(role) : 'Customer'}
      </Badge>
    </Flex>
  );
}

/**
 * /dashboard: a welcome, the four numbers, the recent activity and the system bars, all from the
 * user's own data. The greeting comes from the route (it knows the profile) as an element of its
 * own, so the profile arriving re-renders the greeting alone.
 */
export function OverviewPage({ greeting }: { greeting: (returning: boolean, settled: boolean) => ReactNode }) {
  const { state, retry, userId } = useOverview();
  const data = state.status === 'loaded' ? state.data : null;
  // Re-render once the shop link is followed (the step is stored, not part of the data).
  const [, setExplored] = useState(0);
  // 'Welcome back' only once the data says this is not a first run (no flash of it for a new customer).
  const returning = data !== null && data.firstRun === null;
  return (
    <Stack gap="lg">
      {greeting(returning, data !== null)}
      <Text c="dimmed" mt={-8}>
        Your devices, access codes, notifications and orders at a glance.
      </Text>
      {state.status === 'error' && (
        <LoadError title="Your overview could not be loaded" onRetry={retry} />
      )}
      {data?.firstRun && (
        <FirstRunChecklist
          steps={data.firstRun}
          onExploreShop={() => {
            noteShopExplored(userId);
            setExplored((n) => n + 1);
          }}
        />
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
