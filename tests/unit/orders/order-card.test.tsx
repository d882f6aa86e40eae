import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { OrderCard } from '@/features/orders/components/OrderCard.tsx';
import { OrderSchema, type OrderStatus } from '@/features/orders';
import { renderWithRouter } from '@/test/render.tsx';

const ID = 'a1b2c3d4-0000-4000-8000-000000000009';
const row = (over: Record<string, unknown> = {}) =>
  v.parse(OrderSchema, {
    id: ID,
    status: 'processing',
    items: [{ product_id: 4, name: 'Backup Battery Pack', quantity: 1, price: 59 }],
    subtotal: 59,
    tax: 5.9,
    shipping: 0,
    total: 64.9,
    created_at: '2026-11-20T10:00:00.000Z',
    order_number: 100042,
    expected_delivery_at: '2026-11-25T10:00:00.000Z',
    ...over,
  });

describe('OrderCard', () => {
  it('is titled with the order number, or the short id until the number arrives', async () => {
    const { unmount } = renderWithRouter(<OrderCard order={row()} />, { path: '/dashboard/orders' });
    expect(await screen.findByRole('heading', { name: 'Order #100042' })).toBeTruthy();
    unmount();
    renderWithRouter(<OrderCard order={row({ order_number: undefined, expected_delivery_at: undefined })} />, { path: '/dashboard/orders' });
    expect(await screen.findByRole('heading', { name: 'Order #a1b2c3d4' })).toBeTruthy();
  });

  it('offers a delivery code only for orders on their way, linking to the prefilled dialog', async () => {
    const { router } = renderWithRouter(<OrderCard order={row({ status: 'shipped' })} />, { path: '/dashboard/orders', pages: { '/dashboard/access': 'Access page' } });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Create delivery code' }));
    expect(await screen.findByText('Access page')).toBeTruthy();
    expect(router.state.location.search).toEqual({ create: 'delivery', order: ID });

    for (const status of ['pending', 'delivered', 'cancelled'] as OrderStatus[]) {
      const { unmount } = renderWithRouter(<OrderCard order={row({ status })} />, { path: '/dashboard/orders' });
      await screen.findByRole('heading', { name: 'Order #100042' });
      expect(screen.queryByRole('link', { name: 'Create delivery code' })).toBeNull();
      unmount();
    }
  });
});
