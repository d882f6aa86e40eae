import type { ReactNode } from 'react';
import { Code, Drawer, Group, Stack, Text } from '@mantine/core';
import type { AccessLog } from '../data/access-logs.ts';
import { ResultBadge } from './ResultBadge.tsx';

const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The side panel of one event: everything the row leaves out, the user agent in full. */
export function LogDetails({ log, onClose }: { log: AccessLog | null; onClose: () => void }) {
  return (
    <Drawer opened={log !== null} onClose={onClose} position="right" title="Log details" closeButtonProps={{ 'aria-label': 'Close' }}>
      {log && (
        <Stack gap="sm" data-testid="log-details">
          <Group gap="xs">
            <Text fw={700}>{log.action}</Text>
            <ResultBadge success={log.success} />
          </Group>
          <Field label="Time">{exact.format(new Date(log.created_at))}</Field>
          <Field label="Resource">{log.resource ?? '—'}</Field>
          <Field label="IP address">{log.ip_address ?? '—'}</Field>
          <Field label="User">{log.user_id ?? '—'}</Field>
          {log.error_message && (
            <Field label="Error">
              <Text size="sm" c="red" span>
                {log.error_message}
              </Text>
            </Field>
          )}
          <Field label="User agent">
            {log.user_agent ? (
              <Code block data-testid="log-user-agent" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {log.user_agent}
              </Code>
            ) : (
              '—'
            )}
          </Field>
        </Stack>
      )}
    </Drawer>
  );
}
