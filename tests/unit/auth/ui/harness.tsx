import type { ReactNode } from 'react';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import { AuthSearchSchema, authStore } from '@/features/auth';
import { AuthPage } from '@/features/auth/screens.ts';
import { renderWithProviders } from '@/test/render.tsx';

/** Shows where the router is, so tests can see a navigation happen. */
function Where() {
  const href = useLocation({ select: (location) => location.href });
  return <div data-testid="where">{href}</div>;
}

/**
 * A small router like the app's: /auth renders the real AuthPage with its search schema; every
 * other path renders a stub page. `layout` wraps the outlet (e.g. with the navbar's AccountSlot).
 * History starts on /products, then the given URL, so a replace is visible in history.length.
 */
export async function renderApp(url: string, layout?: ReactNode) {
  const root = createRootRoute({
    component: () => (
      <>
        {layout}
        <Where />
        <Outlet />
      </>
    ),
  });
  const auth = createRoute({
    getParentRoute: () => root,
    path: '/auth',
    validateSearch: AuthSearchSchema,
    component: function AuthRoute() {
      return <AuthPage search={auth.useSearch()} />;
    },
  });
  const page = (path: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>Page {path}</p> });
  const routeTree = root.addChildren([auth, page('/'), page('/cart'), page('/products'), page('/dashboard'), page('/admin'), page('/support/dashboard')]);
  const history = createMemoryHistory({ initialEntries: ['/products', url] });
  const router = createRouter({ routeTree, history });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { notifications: true });
  await screen.findByTestId('where');
  return { router, history };
}

export function resetApp(): void {
  act(() => notifications.clean());
  authStore.setState({ status: 'signed-out', user: null, profile: null, profileStatus: 'idle' });
  localStorage.clear();
  window.location.hash = '';
}

export const where = () => screen.getByTestId('where').textContent;
