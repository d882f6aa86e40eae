import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { OverviewPage } from '@/features/overview';

/** The overview greets the signed-in user by the profile's first name and role. */
function Overview() {
  const profile = useAuth((state) => state.profile);
  return <OverviewPage firstName={profile?.firstName ?? null} role={profile?.role ?? null} />;
}

export const Route = createFileRoute('/dashboard/')({
  head: () => ({ meta: [{ title: 'Overview | GarageGuard' }] }),
  component: Overview,
});
