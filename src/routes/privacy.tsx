import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicCmsPage } from '@/features/content-pages';
import { loadPageRoute, pageMeta } from '@/features/content-pages/page-route.ts';

// Public: the CMS page 'privacy' (prerendered from the build's database, then the live published row).
export const Route = createFileRoute('/privacy')({
  loader: () => loadPageRoute('privacy'),
  head: ({ loaderData }) => ({ meta: pageMeta(loaderData, 'Privacy Policy') }),
  component: PrivacyRoute,
});

function PrivacyRoute() {
  const router = useRouter();
  return <PublicCmsPage slug="privacy" initial={Route.useLoaderData()} onRetry={() => void router.invalidate()} />;
}
