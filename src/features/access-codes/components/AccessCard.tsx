import { useId, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconShare } from '@tabler/icons-react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import type { AccessPermission } from '@/db/collections/index.ts';
import type { WriteState } from '@/db/sync/write-states.ts';
import { expiryText, typeLabel, usesText } from '../format.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { scheduleText } from '../schedule.ts';
import { accessState } from '@/lib/access-state.ts';
import { CopyCodeButton } from './CopyCodeButton.tsx';
import { DoorLog } from './DoorLog.tsx';

interface AccessCardProps {
  permission: AccessPermission;
  deviceName: string;
  /** The home's time zone, in which the code's schedule is read. */
  timeZone?: string;
  /** The instant the state is judged at (the page's expiry clock). */
  now: number;
  /** A write of this card the server has not accepted yet, or refused. */
  writeState?: WriteState;
  onRevoke: (permission: AccessPermission) => void;
  onShare: (permission: AccessPermission) => void;
}

/**
 * One access permission: door, type, holder, expiry, uses, the code with a copy button and its
 * state. A code that no longer opens the door (expired, used up, revoked) is dimmed and offers
 * neither Share nor Revoke.
 */
export function AccessCard({ permission, deviceName, timeZone, now, writeState, onRevoke, onShare }: AccessCardProps) {
  const titleId = useId();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const state = accessState(permission, now);
  const active = state === 'active';
  const schedule = scheduleText(permission, timeZone, browserTimeZone());
  const holder = [permission.granted_to_name, permission.granted_to_email].filter(Boolean).join(' · ');

  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={titleId}
      data-testid="access-card"
      data-code={permission.access_code}
      data-state={state}
      data-dimmed={!active || undefined}
      bg={active ? undefined : 'var(--gg-surface-muted)'}
      style={active ? undefined : { borderStyle: 'dashed' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="h4" id={titleId} c={active ? undefined : 'dimmed'}>
            {deviceName}
          </Title>
          <Text size="sm" c="dimmed" data-testid="access-holder">
            {holder || 'No holder named'}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="outline" color="gray" data-testid="access-type">
            {typeLabel(permission.permission_type)}
          </Badge>
          <StatusBadge kind="access" status={state} data-testid="access-state" />
          {writeState && <StatusBadge kind="write" status={writeState} data-testid="write-state" />}
        </Group>
      </Group>

      <Group gap="xs" mt="md" wrap="nowrap">
        <Text component="span" ff="monospace" fz={30} fw={700} lts={4} c={active ? undefined : 'dimmed'} data-testid="access-code">
          {permission.access_code}
        </Text>
        <CopyCodeButton code={permission.access_code} />
      </Group>

      <Stack gap={2} mt="xs">
        {schedule && (
          <Text size="sm" fw={500} c={active ? undefined : 'dimmed'} data-testid="access-schedule">
            {schedule}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="access-expiry">
          {expiryText(permission, now)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="access-uses">
          {usesText(permission)}
        </Text>
      </Stack>

      <Group gap="sm" mt="md">
        {active && (
          <Button size="xs" variant="outline" color="blue" leftSection={<IconShare size={16} aria-hidden />} onClick={() => onShare(permission)}>
            Share
          </Button>
        )}
        {active && (
          <Button size="xs" variant="outline" color="red" onClick={() => onRevoke(permission)}>
            Revoke
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          rightSection={logOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          onClick={() => setLogOpen((open) => !open)}
        >
          Door log
        </Button>
      </Group>
      {logOpen && (
        <Stack mt="sm">
          <DoorLog permissionId={permission.id} id={logId} />
        </Stack>
      )}
    </Card>
  );
}
