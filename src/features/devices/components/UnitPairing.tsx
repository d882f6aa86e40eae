import { useEffect, useState } from 'react';
import { ActionIcon, Button, Code, CopyButton, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useOnlineStatus } from '@/lib/online-status.ts';
import type { Device } from '../data/devices.ts';
import { pairUnit, unpairUnit, type UnitCredential } from '../data/unit-pairing.ts';

interface UnitPairingProps {
  device: Device;
  /** True while one of this section's dialogs is open on top of the settings (Escape is theirs). */
  onOverlay: (open: boolean) => void;
}

type Confirming = 'pair' | 'unpair' | null;

/**
 * Pair or unpair the unit of an indoor or outdoor device. Pairing issues a new credential, shown
 * once (the installer or the unit's setup takes it from here), and cuts off the old one; unpairing
 * cuts the unit off. Online only: both are the server's.
 */
export function UnitPairing({ device, onOverlay }: UnitPairingProps) {
  const online = useOnlineStatus();
  const [open, setOpen] = useState<Confirming>(null);
  // The credential just issued, shown once; cleared when its dialog closes.
  const [credential, setCredential] = useState<UnitCredential | null>(null);
  useEffect(() => onOverlay(open !== null || credential !== null), [open, credential, onOverlay]);
  const failed = (error: unknown) => {
    notifications.show({ title: 'Error', message: error instanceof Error ? error.message : 'Something went wrong', color: 'red' });
    throw error;
  };

  const pair = async () => {
    setCredential(await pairUnit(device.id).catch(failed));
  };
  const unpair = async () => {
    await unpairUnit(device.id).catch(failed);
    notifications.show({ title: 'Success', message: `${device.name}'s unit is unpaired`, color: 'green' });
  };
  const closeCredential = () => setCredential(null);

  return (
    <Stack gap="xs" align="flex-start" data-testid="unit-pairing">
      <Title order={3} fz="sm">
        Unit pairing
      </Title>
      <Text size="sm" c="dimmed">
        The unit signs in with a credential of its own. Pairing issues a new one and stops the old one at once; unpairing cuts the unit off until it is paired again.
      </Text>
      <Group gap="sm">
        <Button variant="light" onClick={() => setOpen('pair')} disabled={!online}>
          Pair unit
        </Button>
        <Button variant="outline" color="red" onClick={() => setOpen('unpair')} disabled={!online}>
          Unpair
        </Button>
      </Group>
      {!online && (
        <Text size="xs" c="dimmed" data-testid="unit-pairing-offline">
          You are offline. Pairing needs a connection.
        </Text>
      )}

      <ConfirmDialog
        opened={open === 'pair'}
        onClose={() => setOpen(null)}
        onConfirm={pair}
        title={`Pair ${device.name}?`}
        message="The unit gets a new credential, shown once. Its current one stops working at once, so the unit is offline until the new one is entered on it."
        confirmLabel="Pair"
      />
      <ConfirmDialog
        opened={open === 'unpair'}
        onClose={() => setOpen(null)}
        onConfirm={unpair}
        title={`Unpair ${device.name}?`}
        message="The unit's credential stops working at once: it can no longer report or move the door until it is paired again."
        confirmLabel="Unpair"
        danger
      />
      <Modal opened={credential !== null} onClose={closeCredential} title={`Credential for ${device.name}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {credential && (
          <Stack gap="sm">
            <Text size="sm">Enter these on the unit&apos;s setup screen (or give them to your installer). They are shown only this once.</Text>
            <CredentialLine label="Login" value={credential.email} />
            <CredentialLine label="Secret" value={credential.secret} />
            <Group justify="flex-end" mt="sm">
              <Button onClick={closeCredential}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function CredentialLine({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={`unit-${label.toLowerCase()}`}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
