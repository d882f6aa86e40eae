import { notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { NotificationsHost } from '@/app/shell/NotificationsHost.tsx';
import { renderWithProviders } from '@/test/render.tsx';
import { expectConsoleError } from '../support/console.ts';

// The container's chunk cannot be fetched (offline before the service worker cached it).
vi.mock('@/app/shell/ToastContainer.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

it('keeps the page when the toast container cannot load', async () => {
  const error = expectConsoleError();
  const root = createRootRoute({
    component: () => (
      <>
        <p>Page content</p>
        <NotificationsHost />
      </>
    ),
    errorComponent: () => <p>Error screen</p>,
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithProviders(<RouterProvider router={router} />);
  expect(await screen.findByText('Page content')).toBeTruthy();
  act(() => {
    notifications.show({ message: 'Added to cart offline' });
  });
  // After its two retries (300 and 600 ms apart).
  await waitFor(() => expect(error).toHaveBeenCalledWith('The toast container could not be loaded.', expect.anything()), { timeout: 3000 });
  expect(screen.getByText('Page content')).toBeTruthy();
  expect(screen.queryByText('Error screen')).toBeNull();
});
