import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/components/AreaPlaceholder.tsx';

export const Route = createFileRoute('/admin/cms')({
  head: () => ({ meta: [{ title: 'Content Management | GarageGuard' }] }),
  component: () => <AreaPlaceholder title="Content Management">Pages, posts and announcements will be written and published here.</AreaPlaceholder>,
});
