import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PublicArticlePage } from '@/features/knowledge-base/components/PublicArticlePage.tsx';

// Public: one published article by id, readable signed out; kept by the service worker once read.
export const Route = createFileRoute('/support/articles/$articleId')({
  // Imported here so the data module loads with this page only.
  loader: async ({ params }) => (await import('@/features/knowledge-base/data/public-loaders.ts')).loadArticlePage(params.articleId),
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData?.status === 'found' ? loaderData.article.title : 'Knowledge Base'} | GarageGuard` }],
  }),
  component: ArticleRoute,
});

function ArticleRoute() {
  const data = Route.useLoaderData();
  const { articleId } = Route.useParams();
  const router = useRouter();
  return <PublicArticlePage key={articleId} id={articleId} initial={data} onRetry={() => void router.invalidate()} />;
}
