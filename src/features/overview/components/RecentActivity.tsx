import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDoorEnter, IconDoorOff, IconKey, IconKeyOff, IconPackage, IconActivity } from '@tabler/icons-react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { Panel } from './Panel.tsx';
import type { ActivityItem } from '../activity.ts';

function ActivityIcon({ item }: { item: ActivityItem }) {
  if (item.kind === 'order') return <IconPackage size={16} />;
  switch (item.event) {
    case 'code_created':
      return <IconKey size={16} />;
    case 'code_revoked':
      return <IconKeyOff size={16} />;
    case 'code_redeemed':
      return <IconDoorEnter size={16} />;
    case 'code_refused':
      return <IconDoorOff size={16} />;
    default:
      return <IconActivity size={16} />;
  }
}

/** The newest door-log events, device status changes and orders, newest first, each with its time ago. */
export function RecentActivity({ items }: { items: ActivityItem[] | null }) {
  return (
    <Panel id="recent-activity-title" title="Recent Activity" loading={items === null}>
      {items === null ? null : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="activity-empty">
          No activity yet. Codes used at your doors, device status changes and orders will show here.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="activity-list">
          {items.map((item) => (
            <Group component="li" key={`${item.kind}-${item.id}`} gap="sm" wrap="nowrap" align="flex-start" data-testid="activity-item">
              <ThemeIcon variant="light" color={item.kind === 'order' ? 'indigo' : 'blue'} radius="xl" size="md" aria-hidden="true">
                <ActivityIcon item={item} />
              </ThemeIcon>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm">{item.text}</Text>
                <Text size="xs" c="dimmed">
                  <TimeAgo date={item.at} />
                </Text>
              </Stack>
              {item.kind === 'order' && <StatusBadge kind="order" status={item.status} size="sm" />}
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
