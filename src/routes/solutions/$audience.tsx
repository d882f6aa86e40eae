import { createFileRoute, notFound, useRouter } from '@tanstack/react-router';
import { PublicCmsPage } from '@/features/content-pages';
import { isSolutionSlug } from '@/features/content-pages/data/solutionLinks.ts';
import { loadPageRoute, pageMeta } from '@/features/content-pages/page-route.ts';

// Public: the CMS page 'solutions-<audience>'. Unknown audiences (e.g. /solutions/astronauts)
// render the root not-found page before any read.
export const Route = createFileRoute('/solutions/$audience')({
  loader: ({ params }) => {
    if (!isSolutionSlug(params.audience)) throw notFound();
    return loadPageRoute(`solutions-${params.audience}`);
  },
  head: ({ loaderData }) => ({ meta: pageMeta(loaderData, 'Solutions') }),
  component: SolutionRoute,
});

function SolutionRoute() {
  const { audience } = Route.useParams();
  const router = useRouter();
  const data = Route.useLoaderData();
  return isSolutionSlug(audience) ? <PublicCmsPage key={audience} slug={`solutions-${audience}`} initial={data} onRetry={() => void router.invalidate()} /> : null;
}
