import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicArticlesPage } from '@/features/knowledge-base/components/PublicArticlesPage.tsx';

// Public: the published articles, readable signed out; kept by the service worker for offline use.
export const Route = createFileRoute('/support/articles/')({
  // Imported here so the data module loads with this page only.
  loader: async () => (await import('@/features/knowledge-base/data/public-loaders.ts')).loadArticleList(),
  head: () => ({ meta: [{ title: 'Knowledge Base | GarageGuard' }] }),
  component: ArticlesRoute,
});

function ArticlesRoute() {
  const data = Route.useLoaderData();
  const router = useRouter();
  return <PublicArticlesPage initial={data} onRetry={() => void router.invalidate()} />;
}
