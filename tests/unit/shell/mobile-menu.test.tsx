import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MobileMenu from '@/app/shell/navbar/MobileMenu.tsx';
import { renderWithProviders } from '@/test/render.tsx';

// The menu mounts when first opened, after the page has loaded (Navbar loads it lazily).
async function renderMenu(onClose: () => void) {
  const root = createRootRoute({
    component: () => (
      <>
        <MobileMenu opened onClose={onClose} />
        <Outlet />
      </>
    ),
  });
  const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{path}</h1> });
  const routeTree = root.addChildren([page('/'), page('/products'), page('/faq')]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/products'] }) });
  await router.load();
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('MobileMenu', () => {
  it('stays open when the guards re-run on the same page, and closes when the address changes', async () => {
    const onClose = vi.fn();
    const router = await renderMenu(onClose);
    expect(await screen.findByRole('heading', { name: '/products' })).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();

    // What connectSession does when the profile arrives after a signed-in page has loaded.
    await act(() => router.invalidate());
    expect(onClose).not.toHaveBeenCalled();

    // Browser back/forward or any other route change closes it.
    await act(async () => router.history.push('/faq'));
    expect(await screen.findByRole('heading', { name: '/faq' })).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
