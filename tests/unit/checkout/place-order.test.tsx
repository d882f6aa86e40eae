import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { SIMULATED_PAYMENT_MS, orderPlacedToast } from '@/features/checkout';
import { usePlaceOrder } from '@/features/checkout/use-place-order.ts';
import type { CheckoutValues } from '@/features/checkout';

const values = { email: 'a@b.co' } as CheckoutValues;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('placing an order', () => {
  it('has the exact confirmation toast with the grand total to 2 decimals', () => {
    expect(orderPlacedToast(328.9)).toMatchObject({
      title: 'Order placed successfully!',
      message: 'Your order for $328.90 has been confirmed.',
    });
  });

  it('waits the simulated 2000 ms, then toasts and hands over', async () => {
    const shown = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const onPlaced = vi.fn();
    const { result } = renderHook(() => usePlaceOrder(328.9, onPlaced));
    let done = false;
    const placing = result.current(values).then(() => (done = true));
    await act(() => vi.advanceTimersByTimeAsync(SIMULATED_PAYMENT_MS - 1));
    expect(done).toBe(false);
    expect(onPlaced).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await placing;
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your order for $328.90 has been confirmed.' }));
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(onPlaced).toHaveBeenCalledWith();
  });

  it('places no order when the shopper leaves during the payment', async () => {
    const shown = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const onPlaced = vi.fn();
    const { result, unmount } = renderHook(() => usePlaceOrder(100, onPlaced));
    const placing = result.current(values);
    const outcome = placing.catch((error: unknown) => error);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(SIMULATED_PAYMENT_MS));
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(shown).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
  });
});
