import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { CmsPage } from '@/features/cms';

export const Route = createFileRoute('/admin/cms')({
  head: () => ({ meta: [{ title: 'Content Management | GarageGuard' }] }),
  component: CmsRoute,
});

// Staff open this page (the area's guard); only admins get Delete (RLS refuses support's deletes too).
function CmsRoute() {
  const isAdmin = useAuth((state) => state.profile?.role === 'admin');
  return <CmsPage canDelete={isAdmin} />;
}
