import { useEffect, useId, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { ConflictRecord } from '@/db/sync/sync-db.ts';
import { conflictFields } from '../conflict-fields.ts';
import { dismissConflict, markConflictsSeen } from '../data.ts';

/** Writes of this device that a newer server version replaced (the server wins), field by field. */
export function ConflictList({ conflicts }: { conflicts: ConflictRecord[] }) {
  const headingId = useId();
  // What this visit is the first to show keeps its "New" mark for the visit, after being marked seen.
  const [visitStart] = useState(() => Date.now());
  useMarkSeen(conflicts);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        Replaced by newer server changes
      </Title>
      <Text size="sm" c="dimmed">
        Someone changed these on the server after you did, so the server’s version was kept. What you had is shown here so nothing is
        lost without you knowing.
      </Text>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {conflicts.map((conflict) => (
          <ConflictEntry
            key={conflict.seq ?? `${conflict.collection}:${conflict.docId}:${conflict.at}`}
            conflict={conflict}
            fresh={conflict.seenAt === undefined || conflict.seenAt >= visitStart}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Shown here is seen: the header stops pointing to these. A tab in the background shows nothing
 * to anyone, so it waits until it is visible.
 */
function useMarkSeen(conflicts: ConflictRecord[]): void {
  const unseen = conflicts.filter((conflict) => conflict.seenAt === undefined && conflict.seq !== undefined).map((conflict) => conflict.seq as number);
  const key = unseen.join(',');
  useEffect(() => {
    if (key === '') return;
    const seqs = key.split(',').map(Number);
    // Losing the mark only leaves the header's notice up until the next visit.
    const mark = () => void markConflictsSeen(seqs).catch(() => undefined);
    if (document.visibilityState === 'visible') {
      mark();
      return;
    }
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      mark();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [key]);
}

function ConflictEntry({ conflict, fresh }: { conflict: ConflictRecord; fresh: boolean }) {
  const labelId = useId();
  const [dismissing, setDismissing] = useState(false);
  const fields = conflictFields(conflict);

  const onDismiss = async () => {
    if (conflict.seq === undefined) return;
    setDismissing(true);
    try {
      await dismissConflict(conflict.seq);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not dismiss', message: error instanceof Error ? error.message : 'Please try again.' });
      setDismissing(false);
    }
  };

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={labelId} data-testid="sync-conflict">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap={8} wrap="nowrap" align="center">
            <Text fw={600} id={labelId} style={{ overflowWrap: 'anywhere' }}>
              {conflict.label}
            </Text>
            {fresh && (
              <Badge size="sm" color="yellow" variant="light" style={{ flexShrink: 0 }} data-testid="sync-conflict-new">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <TimeAgo date={conflict.at} prefix="Replaced" />
          </Text>
        </div>
        <Button size="xs" variant="default" onClick={() => void onDismiss()} loading={dismissing} aria-label={`Dismiss: ${conflict.label}`}>
          Dismiss
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={320} mt="sm">
        <Table verticalSpacing={4} fz="sm" aria-labelledby={labelId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">You had</Table.Th>
              <Table.Th scope="col">Server has</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Th scope="row" fw={500}>
                  {change.label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.mine}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.theirs}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
