// Unit-test rendering with the app's providers, so tests do not repeat them. Only tests import
// this file; the app never does, so none of it reaches the bundle.
import { useState, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { readableColorVariables } from '@/app/palette.ts';
import { theme } from '@/app/theme.ts';
import { createQueryClient } from '@/lib/query/client.ts';

export interface ProviderOptions {
  /** Mount Mantine's toast container, for tests that check `notifications.show()` toasts. */
  notifications?: boolean;
}

/**
 * The providers the app mounts around every page (App.tsx), minus the router and the cart, plus
 * the signed-in shells' TanStack Query client (the app's defaults; a fresh one per render, saving
 * nothing on the device).
 */
export function AppProviders({ children, notifications = false }: ProviderOptions & { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColorVariables} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {notifications && <Notifications />}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Testing Library's render inside the app's providers. */
export function renderWithProviders(ui: ReactElement, { notifications, ...options }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {}): RenderResult {
  return render(ui, {
    ...options,
    wrapper: ({ children }) => <AppProviders notifications={notifications}>{children}</AppProviders>,
  });
}

export interface RouterOptions extends ProviderOptions {
  /** The route path `ui` is rendered at (may hold params: `/products/$productId`). */
  path?: string;
  /** Where history starts; `path` unless given. */
  url?: string;
  /** More pages the screen may link or navigate to (e.g. `{ '/products': 'Products page' }`). */
  pages?: Record<string, string>;
}

/**
 * Renders `ui` as the page at `path` of a memory router (for screens with links and navigation),
 * inside the app's providers. Other paths listed in `pages` render their text. The router loads
 * on mount, so find the page's content with `findBy…`.
 */
export function renderWithRouter(ui: ReactElement, { path = '/', url = path, pages = {}, ...providers }: RouterOptions = {}) {
  const root = createRootRoute();
  const routes: AnyRoute[] = [createRoute({ getParentRoute: () => root, path, component: () => ui })];
  for (const [pagePath, text] of Object.entries(pages)) {
    routes.push(createRoute({ getParentRoute: () => root, path: pagePath, component: () => <p>{text}</p> }));
  }
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }) });
  const result = renderWithProviders(<RouterProvider router={router} />, providers);
  return { ...result, router };
}
