import { createFileRoute } from '@tanstack/react-router';
import { AccessSearchSchema } from '@/features/access-codes';
import { AccessPage } from '@/features/access-codes/screens.ts';

export const Route = createFileRoute('/dashboard/access')({
  // ?create=delivery&order=<id> opens the Create Access Code dialog prefilled for that order.
  validateSearch: AccessSearchSchema,
  head: () => ({ meta: [{ title: 'Access Permissions | GarageGuard' }] }),
  component: AccessRoute,
});

function AccessRoute() {
  const { create, order } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AccessPage create={create} orderId={order} onSearchHandled={() => void navigate({ search: {}, replace: true })} />;
}
