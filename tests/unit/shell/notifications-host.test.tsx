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

  it('does not load the toast container while no toast is shown, however long the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    // Past the page's load and its first idle moment (jsdom's stand-in timer).
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(container()).toBeNull();
  });

  it('keeps the container once it has shown a toast, so the next one needs no load', async () => {
    renderHost();
    act(() => {
      notifications.show({ id: 'first', message: 'First toast' });
    });
    expect(await screen.findByText('First toast')).toBeTruthy();
    act(() => cleanNotifications());
    await vi.waitFor(() => expect(screen.queryByText('First toast')).toBeNull());
    expect(container()).not.toBeNull();
  });

  it('shows a toast at once, loading the container for it', async () => {
    renderHost();
    expect(container()).toBeNull();
    act(() => {
      notifications.show({ message: 'Added to cart early' });
    });
    expect(await screen.findByText('Added to cart early')).toBeTruthy();
  });
});
