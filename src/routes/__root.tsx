import { createRootRoute } from '@tanstack/react-router';
import { RootLayout } from '@/app/shell/RootLayout.tsx';
import { NotFoundPage } from '@/app/shell/NotFoundPage.tsx';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
