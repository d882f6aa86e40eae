import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPage } from '@/features/orders';
import { syncStatus } from '@/db/sync/status.ts';
import { userDataStore } from '@/db/user-data-store.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { order, publish, resetUserData, userDatabase } from '../data-layer/support.ts';

// The page reads the orders collection on the device (real RxDB over fake-indexeddb); how
// orders get there (replication) is tested on the real stack.
const USER_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_ID = '00000000-0000-4000-8000-000000000002';

function renderPage() {
  renderWithRouter(<OrdersPage />, { path: '/dashboard/orders', pages: { '/products': 'Products page' } });
}

afterEach(() => {
  resetUserData();
  syncStatus.setState({ lastSyncedAt: null, online: true, lastError: null });
});

describe('OrdersPage', () => {
  it('shows a skeleton while the database opens, then one card per order, newest first, with lines and totals', async () => {
    userDataStore.setState({ userId: USER_ID, status: 'opening', data: null, error: null, retry: null });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByTestId('orders-loading').getAttribute('aria-busy')).toBe('true');

    const data = await userDatabase(USER_ID);
    await data.db.orders!.bulkInsert([
      order(USER_ID, { id: '60000000-0000-4000-8000-000000000001', status: 'delivered', created_at: '2026-10-07T09:00:00.000Z' }),
      order(USER_ID, {
        id: 'a1b2c3d4-0000-4000-8000-000000000009',
        status: 'shipped',
        items: [
          { product_id: 1, name: 'Complete System', quantity: 1, price: 299 },
          { product_id: 3, name: 'Solar Panel Kit', quantity: 2, price: 79 },
        ],
        subtotal: 457,
        tax: 45.7,
        total: 502.7,
        created_at: '2026-11-20T15:30:00.000Z',
      }),
      // Staff may hold other people's orders on the device; this page lists the user's own.
      order(OTHER_ID, { created_at: '2026-12-01T00:00:00.000Z' }),
    ]);
    publish(data);

    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Order #a1b2c3d4' })).toBeTruthy();
    expect(first.getByText('Nov 20, 2026')).toBeTruthy();
    expect(first.getByTestId('order-status').textContent).toBe('Shipped');
    expect(first.getAllByTestId('order-item').map((li) => li.textContent)).toEqual(['1 × Complete System$299.00', '2 × Solar Panel Kit$158.00']);
    for (const text of ['$457.00', '$45.70', 'Free', '$502.70']) expect(first.getByText(text)).toBeTruthy();
    expect(within(cards[1]!).getByTestId('order-status').textContent).toBe('Delivered');
    expect(screen.queryByTestId('orders-loading')).toBeNull();
  });

  it('shows a new order and a status change as they arrive, without reloading', async () => {
    const data = await userDatabase(USER_ID);
    const placed = order(USER_ID, { id: '70000000-0000-4000-8000-000000000001', created_at: '2026-11-01T00:00:00.000Z' });
    await data.db.orders!.insert(placed);
    publish(data);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order #70000000' })).toBeTruthy();

    await act(async () => void (await data.db.orders!.insert(order(USER_ID, { id: '80000000-0000-4000-8000-000000000001', created_at: '2026-11-02T00:00:00.000Z' }))));
    expect(await screen.findByRole('heading', { name: 'Order #80000000' })).toBeTruthy();
    expect(screen.getAllByTestId('order-card')[0]!.textContent).toContain('Order #80000000');
    await act(async () => void (await data.db.orders!.findOne(placed.id).patch({ status: 'shipped' })));
    await expect.poll(() => within(screen.getAllByTestId('order-card')[1]!).getByTestId('order-status').textContent).toBe('Shipped');
  });

  it('on a device that never synced this user, waits for the first sync before saying there are no orders yet, then links to the products', async () => {
    publish(await userDatabase(USER_ID));
    renderPage();
    // Online and never synced: an empty collection means "not here yet".
    expect(await screen.findByTestId('orders-loading')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('No orders yet')).toBeNull();
    act(() => syncStatus.setState({ lastSyncedAt: Date.now() }));
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Browse Products' }));
    expect(await screen.findByText('Products page')).toBeTruthy();
  });

  it('shows an error with Retry when the database cannot be opened, and Retry opens it again', async () => {
    let retried = 0;
    const retry = () => {
      retried += 1;
      userDataStore.setState({ userId: USER_ID, status: 'opening', data: null, error: null, retry: null });
    };
    userDataStore.setState({ userId: USER_ID, status: 'failed', data: null, error: new Error('blocked'), retry });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your orders could not be loaded');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
    expect(await screen.findByTestId('orders-loading')).toBeTruthy();
    const data = await userDatabase(USER_ID);
    await data.db.orders!.insert(order(USER_ID, { id: '60000000-0000-4000-8000-000000000005' }));
    publish(data);
    expect(await screen.findByRole('heading', { name: 'Order #60000000' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
