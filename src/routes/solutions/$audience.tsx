import { createFileRoute, notFound } from '@tanstack/react-router';
import { ContentPage, getSolutionPage } from '@/features/content-pages';
import { isSolutionSlug } from '@/features/content-pages/data/solutionLinks.ts';

// Unknown audiences (e.g. /solutions/astronauts) render the root not-found page. The loader only
// checks the slug (tiny, already in the shell bundle); the page texts stay in the lazy component.
export const Route = createFileRoute('/solutions/$audience')({
  loader: ({ params }) => {
    if (!isSolutionSlug(params.audience)) throw notFound();
  },
  component: SolutionRoute,
});

function SolutionRoute() {
  const { audience } = Route.useParams();
  const page = getSolutionPage(audience);
  return page ? <ContentPage page={page} /> : null;
}
