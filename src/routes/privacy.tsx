import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, PRIVACY_PAGE } from '@/features/content-pages';

export const Route = createFileRoute('/privacy')({
  head: () => ({ meta: [{ title: 'Privacy Policy | GarageGuard' }] }),
  component: () => <ContentPage page={PRIVACY_PAGE} />,
});
