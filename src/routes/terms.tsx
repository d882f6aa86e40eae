import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, TERMS_PAGE } from '@/features/content-pages';

export const Route = createFileRoute('/terms')({
  head: () => ({ meta: [{ title: 'Terms of Service | GarageGuard' }] }),
  component: () => <ContentPage page={TERMS_PAGE} />,
});
