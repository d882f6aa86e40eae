import { createFileRoute } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { guarded } from '@/app/shell/area/guarded.ts';
import { useAuth } from '@/features/auth';
import { SyncCenterPage } from '@/features/sync-center';

// Any signed-in role: every user's changes are made and queued the same way.
export const Route = createFileRoute('/sync')({
  ...guarded('signed-in'),
  head: () => ({ meta: [{ title: 'Sync Center | GarageGuard' }] }),
  component: SyncRoute,
});

function SyncRoute() {
  const userId = useAuth((state) => state.user?.id ?? null);
  return (
    <Container size="md" py="xl">
      <SyncCenterPage userId={userId} />
    </Container>
  );
}
