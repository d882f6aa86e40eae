import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useNotifications } from '../use-notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { LoadError } from '@/components/LoadError.tsx';

/** /dashboard/notifications: the signed-in user's notifications, newest first, unread ones marked. */
export function NotificationsPage() {
  const { state, writes, markRead, markAllRead, retry } = useNotifications();
  const loaded = state.status === 'loaded' ? state : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Notifications</Title>
          <Text c="dimmed" data-testid="unread-summary" aria-live="polite">
            {!loaded ? 'Order updates, ticket replies and device alerts.' : loaded.unread > 0 ? `${loaded.unread} unread` : 'You are all caught up.'}
          </Text>
        </div>
        {loaded && loaded.items.length > 0 && (
          <Button variant="default" leftSection={<IconChecks size={18} aria-hidden="true" />} onClick={() => void markAllRead()} disabled={loaded.unread === 0}>
            Mark all as read
          </Button>
        )}
      </Group>
      {state.status === 'loading' && <SkeletonList count={3} label="Loading your notifications" />}
      {state.status === 'error' && (
        <LoadError title="Your notifications could not be loaded" onRetry={retry} />
      )}
      {loaded && loaded.items.length === 0 && (
        <EmptyState icon={<IconBell size={28} />} title="No notifications" text="Order updates, replies to your support tickets and device alerts will appear here." />
      )}
      {loaded && loaded.items.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Your notifications" data-testid="notifications-list">
          {loaded.items.map((item) => (
            <NotificationItem key={item.id} notification={item} writeState={writes.get(item.id)} onMarkRead={markRead} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
