import { StrictMode } from 'react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { mayHaveSession } from '@/features/auth';
import { CartProvider } from '@/features/cart';
import type { AppRouter } from './router.ts';
import { readableColorVariables } from './palette.ts';
import { theme } from './theme.ts';

// Asked only by the sign-in cart merge: the catalogue loads then, not with the start-up JavaScript.
const stockOf = async (productId: number) => (await import('@/features/catalogue')).currentStock(productId);

/**
 * The whole app for one router. The browser (main.tsx) and the build-time prerender
 * (src/app/prerender/render.tsx) render exactly this element, so hydration sees the same tree.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={readableColorVariables} defaultColorScheme="auto">
        <CartProvider stockOf={stockOf} mayHaveSession={mayHaveSession}>
          <RouterProvider router={router} />
        </CartProvider>
      </MantineProvider>
    </StrictMode>
  );
}

