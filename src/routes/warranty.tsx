import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, WARRANTY_PAGE } from '@/features/content-pages';

export const Route = createFileRoute('/warranty')({
  head: () => ({ meta: [{ title: 'Warranty | GarageGuard' }] }),
  component: () => <ContentPage page={WARRANTY_PAGE} />,
});
