import { Group, Progress, Stack, Text } from '@mantine/core';
import { Panel } from './Panel.tsx';
import type { SystemBars as Bars } from '../health.ts';

function Bar({ label, value, word, color }: { label: string; value: number; word?: string; color: string }) {
  return (
    <Stack gap={4} data-testid={`bar-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" fw={600} data-testid="bar-value">
          {value}%{word ? ` · ${word}` : ''}
        </Text>
      </Group>
      <Progress value={value} color={color} size="md" radius="xl" aria-label={label} />
    </Stack>
  );
}

/** Connectivity and Device Health computed from the user's devices; with none, says so. */
export function SystemBars({ bars }: { bars: Bars | null }) {
  return (
    <Panel id="system-bars-title" title="System Performance" loading={bars === null}>
      {bars === null ? null : bars.devices === 0 || !('connectivity' in bars) ? (
        <Text size="sm" c="dimmed" data-testid="bars-empty">
          No devices yet. Add a device to see its connectivity and health here.
        </Text>
      ) : (
        <Stack gap="md">
          <Bar label="Connectivity" value={bars.connectivity} color="green" />
          <Bar label="Device Health" value={bars.health} word={bars.healthWord} color={bars.health >= 70 ? 'green' : bars.health >= 40 ? 'yellow' : 'red'} />
          <Text size="xs" c="dimmed">
            Connectivity: share of your {bars.devices} {bars.devices === 1 ? 'device' : 'devices'} online. Device health: share not in error or maintenance.
          </Text>
        </Stack>
      )}
    </Panel>
  );
}
