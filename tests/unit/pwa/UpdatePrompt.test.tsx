import { createMemoryHistory, createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '@/app/pwa/UpdatePrompt.tsx';
import { renderWithProviders } from '@/test/render.tsx';

// The service worker itself cannot run in jsdom: the registration hook is replaced by a stand-in
// that reports "an update is waiting" and records what the prompt asks of it. The real
// registration is covered by tests/e2e/pwa.spec.ts.
const sw = vi.hoisted(() => ({ needRefresh: true, updateServiceWorker: vi.fn(async (_reload?: boolean) => {}) }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: sw.updateServiceWorker,
  }),
}));

function renderAt(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Link to="/cart">Cart</Link>
        <Outlet />
        <UpdatePrompt />
      </>
    ),
  });
  const page = (p: string) => createRoute({ getParentRoute: () => root, path: p, component: () => <form><input aria-label="Name" /></form> });
  const router = createRouter({ routeTree: root.addChildren([page('/'), page('/cart'), page('/checkout')]), history: createMemoryHistory({ initialEntries: [path] }) });
  return renderWithProviders(<RouterProvider router={router} />);
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

describe('UpdatePrompt', () => {
  beforeEach(() => {
    sw.needRefresh = true;
    sw.updateServiceWorker.mockClear();
  });

  it('offers Reload and Later when a new version is waiting; Reload posts SKIP_WAITING', async () => {
    renderAt('/');
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    // Reload also reloads the page itself after 3 s (a hand-over held back; see pwa.spec.ts), which
    // jsdom cannot do: that timer is dropped here.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(sw.updateServiceWorker).toHaveBeenCalledWith(true);
      expect(vi.getTimerCount()).toBe(1);
      vi.clearAllTimers();
    } finally {
      vi.useRealTimers();
    }
  });

  it('Later hides the prompt without updating', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
  });

  it('renders nothing when no update is waiting', async () => {
    sw.needRefresh = false;
    renderAt('/');
    await screen.findByRole('link', { name: 'Cart' });
    await flush();
    expect(screen.queryByText('A new version is available')).toBeNull();
  });

  it('waits on /checkout and appears after the user leaves it', async () => {
    renderAt('/checkout');
    await screen.findByRole('link', { name: 'Cart' });
    await flush();
    expect(screen.queryByText('A new version is available')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(await screen.findByText('A new version is available')).toBeTruthy();
  });

  it('hides while a form has typed input and returns when it is cleared', async () => {
    renderAt('/');
    await screen.findByText('A new version is available');
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.input(name, { target: { value: 'Ada' } });
    await flush();
    expect(screen.queryByText('A new version is available')).toBeNull();
    fireEvent.input(name, { target: { value: '' } });
    expect(await screen.findByText('A new version is available')).toBeTruthy();
  });
});
