import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPage } from '@/features/orders';
import { renderWithRouter } from '@/test/render.tsx';
import { createFakeBackend, json, type FakeBackend } from '../checkout/fake-backend.ts';
import { expectConsoleError } from '../support/console.ts';

const backend = vi.hoisted(() => ({ current: null as unknown as FakeBackend }));
vi.mock('@/lib/load-supabase.ts', () => ({ loadSupabase: async () => backend.current.client }));

const USER_ID = '00000000-0000-4000-8000-000000000001';
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** An (unsigned) access token: supabase-js only decodes it; the server is the fake backend. */
const accessToken = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: USER_ID, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const user = { id: USER_ID, aud: 'authenticated', role: 'authenticated', email: 'customer@example.com', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };

const order = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  status: 'processing',
  items: [{ product_id: 4, name: 'Backup Battery Pack', quantity: 2, price: 59 }],
  subtotal: 118,
  tax: 11.8,
  shipping: 0,
  total: 129.8,
  created_at: '2026-11-21T10:00:00+00:00',
  ...over,
});

/** Answers /auth/v1/user (setSession checks the token) and /rest/v1/orders with `orders`. */
function serve(orders: () => Response | Promise<Response>) {
  backend.current.respond((request) => (request.url.pathname === '/auth/v1/user' ? json(user) : orders()));
}

function renderPage() {
  renderWithRouter(<OrdersPage />, { path: '/dashboard/orders', pages: { '/products': 'Products page' } });
}

const ordersRequests = () => backend.current.requests.filter((r) => r.url.pathname === '/rest/v1/orders');

beforeEach(async () => {
  backend.current ??= createFakeBackend();
  backend.current.reset();
  serve(() => json([]));
  const { error } = await backend.current.client.auth.setSession({ access_token: accessToken, refresh_token: 'refresh' });
  expect(error).toBeNull();
  backend.current.requests.length = 0;
});

describe('OrdersPage', { timeout: 20_000 }, () => {
  it('shows a skeleton, then one card per order, newest first, with lines and totals', async () => {
    let answer!: (response: Response) => void;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(screen.getByTestId('orders-loading').getAttribute('aria-busy')).toBe('true');
    answer(
      json([
        order('a1b2c3d4-0000-4000-8000-000000000009', {
          status: 'shipped',
          items: [
            { product_id: 1, name: 'Complete System', quantity: 1, price: 299 },
            { product_id: 3, product_name: 'Solar Panel Kit', quantity: 2, price: '79.00' },
          ],
          subtotal: 457,
          tax: 45.7,
          total: 502.7,
          created_at: '2026-11-20T15:30:00+00:00',
        }),
        order('60000000-0000-4000-8000-000000000001', { status: 'delivered', created_at: '2026-10-07T09:00:00+00:00' }),
      ]),
    );
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

    // The signed-in user's rows only, newest first (RLS does the same on the server).
    const [request] = ordersRequests();
    expect(request?.url.searchParams.get('user_id')).toBe(`eq.${USER_ID}`);
    expect(request?.url.searchParams.get('order')).toBe('created_at.desc');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${accessToken}`);
  });

  it('says there are no orders yet and links to the products', async () => {
    renderPage();
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Browse Products' }));
    expect(await screen.findByText('Products page')).toBeTruthy();
  });

  it('shows an error with Retry when loading fails (also for a malformed row), and Retry loads again', async () => {
    const logged = expectConsoleError();
    serve(() => json([order('not-a-uuid')]));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your orders could not be loaded');
    serve(() => json([order('60000000-0000-4000-8000-000000000005')]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Order #60000000' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(ordersRequests()).toHaveLength(2);
    expect(logged).toHaveBeenCalledWith('Loading orders failed.', expect.anything());
  });
});
