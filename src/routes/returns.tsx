import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, RETURNS_PAGE } from '@/features/content-pages';

export const Route = createFileRoute('/returns')({
  head: () => ({ meta: [{ title: 'Returns & Refunds | GarageGuard' }] }),
  component: () => <ContentPage page={RETURNS_PAGE} />,
});
