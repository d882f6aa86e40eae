import { Button, Card, Code, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { AccessLog } from '../data/access-logs.ts';
import { actionLabel, resourceLabel, userLabel, type LogNames } from '../log-labels.ts';
import { ResourceText } from './ResourceText.tsx';
import { ResultBadge } from './ResultBadge.tsx';

/** One event as a card (phones): action, result, user, resource, address, time, error; the user agent on request. */
export function LogEntry({ log, names }: { log: AccessLog; names: LogNames }) {
  const [open, toggle] = useDisclosure(false);
  const user = userLabel(log.user_id, names);
  return (
    <Card component="li" withBorder radius="sm" padding="sm" data-testid="access-log">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} size="sm" data-testid="log-action" data-action={log.action}>
              {actionLabel(log.action)}
            </Text>
            <ResultBadge success={log.success} />
          </Group>
          <Text size="xs" c="dimmed">
            <TimeAgo date={log.created_at} />
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="log-resource">
          <ResourceText text={resourceLabel(log.resource, names)} />
        </Text>
        {(user || log.ip_address) && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="log-user">
            {[user, log.ip_address].filter(Boolean).join(' · ')}
          </Text>
        )}
        {log.error_message && (
          <Text size="sm" c="red">
            {log.error_message}
          </Text>
        )}
        {log.user_agent && (
          <>
            <Button variant="default" size="compact-xs" onClick={toggle.toggle} aria-expanded={open} style={{ alignSelf: 'flex-start' }}>
              {open ? 'Hide user agent' : 'Show user agent'}
            </Button>
            <Collapse expanded={open}>
              <Code block data-testid="log-user-agent" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {log.user_agent}
              </Code>
            </Collapse>
          </>
        )}
      </Stack>
    </Card>
  );
}
