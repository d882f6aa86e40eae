import type { ReactNode } from 'react';
import { Code, Drawer, Group, Stack, Text } from '@mantine/core';
import type { AccessLog } from '../data/access-logs.ts';
import { actionLabel, resourceLabel, userLabel, type LogNames } from '../log-labels.ts';
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

/** A raw code under its readable name, for whoever needs to look the row up. */
function RawCode({ children }: { children: string | null }) {
  return children ? (
    <Text size="xs" c="dimmed" ff="monospace" data-testid="log-raw-code">
      {children}
    </Text>
  ) : null;
}

/** The side panel of one event: everything the row leaves out, the user agent in full, the raw codes. */
export function LogDetails({ log, names, onClose }: { log: AccessLog | null; names: LogNames; onClose: () => void }) {
  const user = log && userLabel(log.user_id, names);
  const email = log?.user_id ? names.users[log.user_id]?.email : null;
  return (
    <Drawer opened={log !== null} onClose={onClose} position="right" title="Log details" closeButtonProps={{ 'aria-label': 'Close' }}>
      {log && (
        <Stack gap="sm" data-testid="log-details">
          <Group gap="xs">
            <Text fw={700}>{actionLabel(log.action)}</Text>
            <ResultBadge success={log.success} />
          </Group>
          <Field label="Time">{exact.format(new Date(log.created_at))}</Field>
          <Field label="Resource">
            {resourceLabel(log.resource, names)}
            {log.resource !== resourceLabel(log.resource, names) && <RawCode>{log.resource}</RawCode>}
          </Field>
          <Field label="IP address">{log.ip_address ?? '—'}</Field>
          <Field label="User">
            {user ?? '—'}
            {email && email !== user && <Text size="sm" c="dimmed">{email}</Text>}
            <RawCode>{log.user_id}</RawCode>
          </Field>
          <Field label="Action code">
            <Text size="sm" ff="monospace" span>
              {log.action}
            </Text>
          </Field>
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
