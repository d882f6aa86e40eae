import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicCmsPage } from '@/features/content-pages';
import { loadPageRoute, pageMeta } from '@/features/content-pages/page-route.ts';

// Public: the CMS page 'warranty' (prerendered from the build's database, then the live published row).
export const Route = createFileRoute('/warranty')({
  loader: () => loadPageRoute('warranty'),
  head: ({ loaderData }) => ({ meta: pageMeta(loaderData, 'Warranty') }),
  component: WarrantyRoute,
});

function WarrantyRoute() {
  const router = useRouter();
  return <PublicCmsPage slug="warranty" initial={Route.useLoaderData()} onRetry={() => void router.invalidate()} />;
}
