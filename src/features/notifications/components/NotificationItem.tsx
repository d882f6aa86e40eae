import { useId, type MouseEvent } from 'react';
import { Anchor, Box, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { NotificationDoc } from '../data/notifications.ts';
import { notificationTypeLabel } from '../labels.ts';
import { internalLink } from '../links.ts';
import classes from './NotificationItem.module.css';

interface NotificationItemProps {
  notification: NotificationDoc;
  /** The read mark made here and not yet on the server, or refused by it. */
  writeState: WriteState | undefined;
  onMarkRead: (id: string) => Promise<void>;
}

/**
 * One notification: kind, time, title and text. An unread one carries a dot and says 'Unread' to
 * screen readers, with 'Mark as read'; following its link marks it read too.
 */
export function NotificationItem({ notification, writeState, onMarkRead }: NotificationItemProps) {
  const titleId = useId();
  const router = useRouter();
  const unread = !notification.is_read;
  const href = internalLink(notification.link);

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    void onMarkRead(notification.id);
    // A new tab or window keeps the browser's own handling; a plain click stays in the app.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0 || !href) return;
    event.preventDefault();
    router.history.push(href);
  };

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="notification"
      data-unread={unread}
      bg={unread ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ listStyle: 'none' }}
    >
      <div className={classes.row}>
        <Group align="flex-start" gap="sm" wrap="nowrap" className={classes.text}>
          <Box w={10} h={10} mt={8} style={{ borderRadius: '50%', flex: 'none' }} bg={unread ? 'var(--mantine-color-blue-filled)' : 'transparent'} aria-hidden="true" data-testid="unread-dot" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {notificationTypeLabel(notification.type)} · <TimeAgo date={notification.created_at} />
            </Text>
            <Title order={2} fz="md" fw={unread ? 700 : 500} id={titleId}>
              {unread && <><VisuallyHidden component="span">Unread:</VisuallyHidden>{' '}</>}
              {notification.title}
            </Title>
            {notification.body && <Text size="sm">{notification.body}</Text>}
            {href && (
              <Anchor href={href} onClick={follow} size="sm" c="blue" aria-describedby={titleId}>
                View details
              </Anchor>
            )}
          </Stack>
        </Group>
        <div className={classes.actions}>
          {writeState && <StatusBadge kind="write" status={writeState} data-testid="write-state" />}
          {unread && (
            <Button size="xs" variant="default" onClick={() => void onMarkRead(notification.id)} aria-describedby={titleId}>
              Mark as read
            </Button>
          )}
        </div>
      </div>
    </Paper>
  );
}
