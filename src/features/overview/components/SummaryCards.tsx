import { useId, type ComponentType } from 'react';
import { Anchor, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { IconBell, IconKey, IconPackage, IconRouter } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { devicesOnlineText } from '../summary.ts';
import type { OverviewData } from '../use-overview.ts';

interface CardSpec {
  key: 'devices' | 'codes' | 'unread' | 'orders';
  title: string;
  to: '/dashboard/devices' | '/dashboard/access' | '/dashboard/notifications' | '/dashboard/orders';
  icon: ComponentType<{ size?: number }>;
  value: (data: OverviewData) => number;
  /** What the number counts, in words. */
  text: (data: OverviewData) => string;
}

const CARDS: CardSpec[] = [
  { key: 'devices', title: 'Active Devices', to: '/dashboard/devices', icon: IconRouter, value: (d) => d.devices.online, text: (d) => devicesOnlineText(d.devices) },
  {
    key: 'codes',
    title: 'Active Access Codes',
    to: '/dashboard/access',
    icon: IconKey,
    value: (d) => d.activeCodes,
    text: () => 'Guest and delivery codes that are active, unexpired and under their limit',
  },
  { key: 'unread', title: 'Unread Notifications', to: '/dashboard/notifications', icon: IconBell, value: (d) => d.unread, text: () => 'Notifications you have not read yet' },
  { key: 'orders', title: 'Orders in Progress', to: '/dashboard/orders', icon: IconPackage, value: (d) => d.ordersInProgress, text: () => 'Orders pending, processing or shipped' },
];

/** The four numbers at the top of the overview, each saying what it counts and linking to its page. */
export function SummaryCards({ data }: { data: OverviewData | null }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {CARDS.map((card) => (
        <SummaryCard key={card.key} card={card} data={data} />
      ))}
    </SimpleGrid>
  );
}

function SummaryCard({ card, data }: { card: CardSpec; data: OverviewData | null }) {
  const titleId = useId();
  const Icon = card.icon;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid={`summary-${card.key}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} fz="sm" fw={600} c="dimmed" id={titleId}>
          {card.title}
        </Title>
        <ThemeIcon variant="light" color="blue" radius="md" aria-hidden="true">
          <Icon size={18} />
        </ThemeIcon>
      </Group>
      {data ? (
        <>
          <Text fz={32} fw={700} lh={1.2} data-testid="summary-value">
            {card.value(data)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="summary-text">
            {card.text(data)}
          </Text>
        </>
      ) : (
        <div aria-hidden="true">
          <Skeleton height={32} width={48} my={4} />
          <Skeleton height={10} width="80%" mt="xs" />
        </div>
      )}
      <Anchor component={Link} to={card.to} size="sm" c="blue" mt="xs" display="inline-block" aria-describedby={titleId}>
        View
      </Anchor>
    </Paper>
  );
}
