import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { OverviewGreeting, OverviewPage } from '@/features/overview';

/** The overview greets the signed-in user by the profile's first name and role. */
function Greeting({ returning, settled }: { returning: boolean; settled: boolean }) {
  const profile = useAuth((state) => state.profile);
  return <OverviewGreeting firstName={profile?.firstName ?? null} role={profile?.role ?? null} returning={returning} settled={settled} />;
}

function Overview() {
  return <OverviewPage greeting={(returning, settled) => <Greeting returning={returning} settled={settled} />} />;
}

export const Route = createFileRoute('/dashboard/')({
  head: () => ({ meta: [{ title: 'Overview | GarageGuard' }] }),
  component: Overview,
});
