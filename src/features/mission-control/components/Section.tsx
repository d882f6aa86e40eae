import { useId, type ReactNode } from 'react';
import { Card, Group, Title } from '@mantine/core';

/** A titled panel of Mission Control: a region named by its heading. */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {extra}
      </Group>
      {children}
    </Card>
  );
}
