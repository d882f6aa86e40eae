import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import type { Factor } from '../../data/mfa.ts';
import { FACTOR_NAME, formatAdded, isVerified } from './enrolment.ts';

interface Props {
  factors: Factor[];
  onRemove: (factor: Factor) => void;
}

/** The user's authenticator apps: name, date added, verified or pending, and Remove. */
export function FactorList({ factors, onRemove }: Props) {
  if (factors.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Authenticator apps">
      {factors.map((factor) => {
        const name = factor.friendly_name || FACTOR_NAME;
        const added = formatAdded(factor.created_at);
        return (
          <Group
            component="li"
            key={factor.id}
            justify="space-between"
            wrap="wrap"
            gap="sm"
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconDeviceMobile size={22} aria-hidden="true" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {name}
                </Text>
                {added && (
                  <Text size="sm" c="dimmed">
                    Added {added}
                  </Text>
                )}
              </Stack>
              {isVerified(factor) ? (
                <Badge color="teal" variant="filled">
                  Verified
                </Badge>
              ) : (
                <Badge color="gray" variant="filled">
                  Pending
                </Badge>
              )}
            </Group>
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onRemove(factor)} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}
