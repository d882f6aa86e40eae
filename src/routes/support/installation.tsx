import { createFileRoute } from '@tanstack/react-router';
import { ContentPage, INSTALLATION_PAGE } from '@/features/content-pages';

export const Route = createFileRoute('/support/installation')({
  head: () => ({ meta: [{ title: 'Installation Guide | GarageGuard' }] }),
  component: () => <ContentPage page={INSTALLATION_PAGE} />,
});
