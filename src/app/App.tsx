import { StrictMode } from 'react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { CartProvider } from '@/features/cart';
import { currentStock } from '@/features/catalogue';
import type { AppRouter } from './router.ts';
import { theme } from './theme.ts';

/**
 * The whole app for one router. The browser (main.tsx) and the build-time prerender
 * (src/app/prerender/render.tsx) render exactly this element, so hydration sees the same tree.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <CartProvider stockOf={currentStock}>
          <RouterProvider router={router} />
        </CartProvider>
      </MantineProvider>
    </StrictMode>
  );
}

