import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

/** Empty result of the list filters, with a way out. */
export function NoProducts({ onClear }: { onClear: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="products-empty">
      <Stack align="center" gap="sm" ta="center">
        <IconFilterOff size={40} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={2} fz="h3">
          No products match these filters
        </Title>
        <Text c="dimmed">Try another category or compatibility, or clear the filters to see the whole range.</Text>
        <Button variant="default" onClick={onClear}>
          Show all products
        </Button>
      </Stack>
    </Paper>
  );
}
