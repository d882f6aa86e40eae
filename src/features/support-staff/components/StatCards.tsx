import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconInbox, IconLoader, IconTicket } from '@tabler/icons-react';
import { DataAge } from '@/components/DataAge.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { queryPhase } from '@/lib/query/phase.ts';
import { supportStatsQuery, type SupportStats } from '../data/support-stats.ts';
import { formatResponseTime } from '../format.ts';
import { useStatsRefresh } from '../use-stats-refresh.ts';

interface CardSpec {
  label: string;
  value: (stats: SupportStats) => string;
  icon: ReactNode;
  color: string;
}

const CARDS: CardSpec[] = [
  { label: 'Total Tickets', value: (s) => String(s.total), icon: <IconTicket size={18} />, color: 'blue' },
  { label: 'Open Tickets', value: (s) => String(s.open), icon: <IconInbox size={18} />, color: 'blue' },
  { label: 'In Progress', value: (s) => String(s.in_progress), icon: <IconLoader size={18} />, color: 'yellow' },
  { label: 'Resolved Today', value: (s) => String(s.resolved_today), icon: <IconCircleCheck size={18} />, color: 'green' },
  { label: 'Urgent Tickets', value: (s) => String(s.urgent), icon: <IconAlertTriangle size={18} />, color: 'red' },
  { label: 'Avg Response Time', value: (s) => formatResponseTime(s.avg_first_response_minutes), icon: <IconClock size={18} />, color: 'gray' },
];

/**
 * The six stat cards, counted by the server (support_stats()). Resolved Today counts tickets
 * resolved since midnight; Avg Response Time is the mean time from a ticket's creation to the
 * first staff reply. They refresh when tickets or messages change on the server.
 */
export function StatCards() {
  const query = useQuery(supportStatsQuery);
  useStatsRefresh();
  const phase = queryPhase(query);
  const stats = query.data;

  if (phase === 'failed') return <LoadError title="Failed to load support statistics" onRetry={() => void query.refetch()} data-testid="stats-error" />;
  if (phase === 'offline') return <LoadError title="Support statistics need a connection" text="They load when the connection returns." data-testid="stats-offline" />;

  return (
    <section aria-label="Support statistics">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" aria-busy={phase === 'loading'}>
        {CARDS.map((card) => (
          <Card key={card.label} withBorder radius="md" padding="md" data-testid="stat-card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed" fw={500}>
                {card.label}
              </Text>
              <ThemeIcon variant="light" color={card.color} size="md" aria-hidden>
                {card.icon}
              </ThemeIcon>
            </Group>
            <Text component="div" mt="xs" fz={24} fw={700} data-testid={`stat-${card.label}`}>
              {stats ? card.value(stats) : <Skeleton height={24} width="50%" aria-hidden />}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {stats && <DataAge updatedAt={query.dataUpdatedAt} failed={query.isError} />}
    </section>
  );
}
