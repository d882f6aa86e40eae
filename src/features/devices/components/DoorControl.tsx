import { useEffect, useId, useState } from 'react';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCarGarage, IconDoorExit } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useOnlineStatus } from '@/lib/online-status.ts';
import type { Device } from '../data/devices.ts';
import { doorStateText, doorUnavailableReason, nextDoorChange } from '../door.ts';
import { useDoorControl } from '../use-door-control.ts';

/**
 * The instant the control is drawn for, moved on only when what it shows changes by itself (the
 * countdown's next second, the unit falling silent): a card with a closed door and a unit that
 * heartbeats does not re-render every second. The wait is measured from the real clock each time
 * the device row changes, so a stale `now` never delays a change.
 */
function useDoorClock(device: Device): number {
  const [now, setNow] = useState(() => Date.now());
  const { status, last_seen, door_state, door_state_at } = device;
  useEffect(() => {
    const wait = nextDoorChange({ status, last_seen, door_state, door_state_at }, Date.now());
    if (wait === null) return;
    // A few ms late rather than early: at the boundary itself the old text would still be true.
    const timer = setTimeout(() => setNow(Date.now()), wait + 15);
    return () => clearTimeout(timer);
  }, [status, last_seen, door_state, door_state_at, now]);
  return now;
}

const MOVING = new Set(['opening', 'closing', 'closing_soon']);

/**
 * The door of an indoor unit: its state as the unit reports it, live, and one large Open or Close.
 * Closing asks first (the unit then warns for 5 seconds before it moves). Offline, or with the
 * unit offline, the button is disabled and says why; a command is never queued for later.
 */
export function DoorControl({ device, size = 'md' }: { device: Device; size?: 'md' | 'lg' }) {
  const online = useOnlineStatus();
  const now = useDoorClock(device);
  const { state, send, action } = useDoorControl(device);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const unavailable = doorUnavailableReason(device, online, now);
  const busy = state.phase === 'sending' || state.phase === 'waiting';
  const label = action === 'open' ? 'Open' : 'Close';
  const open = device.door_state && device.door_state !== 'closed';

  return (
    <Stack gap="xs" data-testid="door-control" data-door-state={device.door_state ?? 'unknown'}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={open ? 'orange' : 'green'} size={size === 'lg' ? 44 : 36} radius="md" aria-hidden="true">
          {open ? <IconDoorExit size={22} /> : <IconCarGarage size={22} />}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Door
          </Text>
          <Text fw={700} size={size === 'lg' ? 'xl' : 'lg'} aria-live="polite" data-testid="door-state">
            {state.phase === 'sending' ? 'Sending…' : doorStateText(device.door_state, device.door_state_at, now)}
          </Text>
        </div>
        <Button
          size={size}
          miw={size === 'lg' ? 140 : 110}
          color={action === 'close' ? 'orange' : undefined}
          loading={busy && !MOVING.has(device.door_state ?? '')}
          disabled={unavailable !== null || busy}
          onClick={() => (action === 'close' ? setConfirming(true) : void send())}
          aria-label={`${label} ${device.name}`}
          aria-describedby={unavailable ? reasonId : undefined}
          data-testid="door-action"
        >
          {label}
        </Button>
      </Group>
      {unavailable && (
        <Text size="sm" c="dimmed" id={reasonId} data-testid="door-unavailable">
          {unavailable}
        </Text>
      )}
      {state.phase === 'failed' && (
        <Text size="sm" c="red" role="alert" data-testid="door-error">
          {state.message}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send();
        }}
        title={`Close ${device.name}?`}
        message="The unit warns with its light and a beep for 5 seconds, then closes the door. Make sure nothing is in the doorway."
        confirmLabel="Close the door"
      />
    </Stack>
  );
}
