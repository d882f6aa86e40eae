import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutPage, type OrderLine } from '@/features/checkout';
import { renderWithRouter } from '@/test/render.tsx';
import { createFakeBackend, pgError, type FakeBackend } from './fake-backend.ts';

const backend = vi.hoisted(() => ({ current: null as unknown as FakeBackend }));
vi.mock('@/lib/load-supabase.ts', () => ({ loadSupabase: async () => backend.current.client }));

const lines: OrderLine[] = [{ productId: 3, quantity: 5 }];

function renderCheckout(onOrderPlaced = vi.fn()) {
  renderWithRouter(
    <CheckoutPage isLoading={false} isEmpty={false} lines={lines} summary={<p>Summary: 5 × Solar Panel Kit</p>} onOrderPlaced={onOrderPlaced} />,
    { path: '/checkout' },
  );
  return onOrderPlaced;
}

const fields: [string, string][] = [
  ['Email', 'ada@example.com'],
  ['First Name', 'Ada'],
  ['Last Name', 'Lovelace'],
  ['Address', '12 Garage Lane'],
  ['City', 'Springfield'],
  ['State', 'IL'],
  ['ZIP Code', '62701'],
  ['Card Number', '4242 4242 4242 4242'],
  ['Expiry Date', '12/29'],
  ['CVV', '123'],
  ['Name on Card', 'Ada Lovelace'],
];

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of fields) {
    await user.click(await screen.findByLabelText(label, { exact: false }));
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
}

beforeEach(() => {
  backend.current ??= createFakeBackend();
  backend.current.reset();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('checkout page', () => {
  it('shows Processing... while the order is under way, then the stock message; the cart and form stay', async () => {
    let answer!: (response: Response) => void;
    backend.current.respond(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onOrderPlaced = renderCheckout();
    const user = userEvent.setup();
    await fillAndSubmit(user);
    expect(((await screen.findByRole('button', { name: 'Processing...' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();

    answer(pgError('P0001', 'Insufficient stock for Solar Panel Kit', 'product_id=3 requested=5 available=2'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your order was not placed')).toBeTruthy();
    expect(alert.textContent).toContain('Only 2 of Solar Panel Kit left in stock.');
    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeTruthy();
    expect(screen.getByText('Summary: 5 × Solar Panel Kit')).toBeTruthy();
    expect((screen.getByLabelText('Email', { exact: false }) as HTMLInputElement).value).toBe('ada@example.com');
    expect(onOrderPlaced).not.toHaveBeenCalled();
  });

  it('offline: says so at once, sends nothing, keeps the cart', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onOrderPlaced = renderCheckout();
    await fillAndSubmit(userEvent.setup());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You're offline. Your cart is saved — place the order when you're back online.");
    expect(backend.current.requests).toHaveLength(0);
    expect(onOrderPlaced).not.toHaveBeenCalled();
  });

  it('asks to sign in again when the session is gone, and clears the message on the next try', async () => {
    backend.current.respond(() => pgError('42501', 'Sign in to place an order', null, 403));
    renderCheckout();
    const user = userEvent.setup();
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Please sign in again to place your order');
    let answer!: (response: Response) => void;
    backend.current.respond(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('button', { name: 'Processing...' });
    expect(screen.queryByRole('alert')).toBeNull();
    answer(pgError('XX000', 'boom', null, 500));
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't place your order. Your cart is saved");
  });
});
