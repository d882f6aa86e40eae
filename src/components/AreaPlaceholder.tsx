import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * A page of a signed-in area whose screen is built by a later issue: its title and what it will
 * hold, so routes, layouts and guards are real now.
 */
export function AreaPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">{children}</Text>
      </Paper>
    </Stack>
  );
}
