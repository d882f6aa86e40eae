import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

/** One of the overview's panels: a section named by its heading, with 'Loading…' until its data is there. */
export function Panel({ id, title, loading, children }: { id: string; title: string; loading: boolean; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="sm">
        {title}
      </Title>
      {loading ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}
