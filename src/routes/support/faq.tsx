import { createFileRoute } from '@tanstack/react-router';
import { FAQ_PAGE, FaqPage } from '@/features/content-pages';

export const Route = createFileRoute('/support/faq')({
  head: () => ({ meta: [{ title: 'Frequently Asked Questions | GarageGuard' }] }),
  component: () => <FaqPage page={FAQ_PAGE} />,
});
