import { cleanNotifications, notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsHost } from '@/app/shell/NotificationsHost.tsx';
import { renderWithProviders } from '@/test/render.tsx';

function renderHost() {
  const root = createRootRoute({ component: () => <NotificationsHost /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return renderWithProviders(<RouterProvider router={router} />);
}

const container = () => document.querySelector('.mantine-Notifications-root');

describe('NotificationsHost', () => {
  afterEach(() => {
    act(() => cleanNotifications());
    vi.useRealTimers();
  });

  it('loads the toast container only after first paint when nothing is shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(container()).toBeNull();
    // jsdom has no requestIdleCallback: the hook's stand-in timer marks the main thread idle.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    vi.useRealTimers();
    await vi.waitFor(() => expect(container()).not.toBeNull());
  });

  it('shows a toast raised before first paint at once, loading the container for it', async () => {
    renderHost();
    expect(container()).toBeNull();
    act(() => {
      notifications.show({ message: 'Added to cart early' });
    });
    expect(await screen.findByText('Added to cart early')).toBeTruthy();
  });
});
