import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicCmsPage } from '@/features/content-pages';
import { loadPageRoute, pageMeta } from '@/features/content-pages/page-route.ts';

// Public: the CMS page 'terms' (prerendered from the build's database, then the live published row).
export const Route = createFileRoute('/terms')({
  loader: () => loadPageRoute('terms'),
  head: ({ loaderData }) => ({ meta: pageMeta(loaderData, 'Terms of Service') }),
  component: TermsRoute,
});

function TermsRoute() {
  const router = useRouter();
  return <PublicCmsPage slug="terms" initial={Route.useLoaderData()} onRetry={() => void router.invalidate()} />;
}
