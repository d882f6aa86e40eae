import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicCmsPage } from '@/features/content-pages';
import { loadPageRoute, pageMeta } from '@/features/content-pages/page-route.ts';

// Public: the CMS page 'returns' (prerendered from the build's database, then the live published row).
export const Route = createFileRoute('/returns')({
  loader: () => loadPageRoute('returns'),
  head: ({ loaderData }) => ({ meta: pageMeta(loaderData, 'Returns & Refunds') }),
  component: ReturnsRoute,
});

function ReturnsRoute() {
  const router = useRouter();
  return <PublicCmsPage slug="returns" initial={Route.useLoaderData()} onRetry={() => void router.invalidate()} />;
}
