import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';
import { guarded } from '@/app/shell/area/guarded.ts';

// Spec §2: the Support Center is for signed-in users (tickets, messages, knowledge base).
export const Route = createFileRoute('/support/')({
  ...guarded('signed-in'),
  head: () => ({ meta: [{ title: 'Support Center | GarageGuard' }] }),
  component: () => (
    <Container size="lg" py="xl">
      <AreaPlaceholder title="Support Center">Your support tickets, messages and the knowledge base will be here.</AreaPlaceholder>
    </Container>
  ),
});
