import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { CartProvider } from '@/features/cart';
import { router } from './router.ts';
import { theme } from './theme.ts';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </MantineProvider>
  );
}
