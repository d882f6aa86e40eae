import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createAppDatabase } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';
import { CartProvider, useCart, useCartActions, type CartActions } from '@/features/cart';
import { guestCart, resetGuestCart } from '@/features/cart/data/source.ts';
import { LEGACY_CART_KEY } from '@/features/cart/data/stored.ts';
import { AppProviders } from '@/test/render.tsx';

const system = { productId: 1, name: 'Complete System', price: 299, image: '/products/a.svg' };
const solar = { productId: 3, name: 'Solar Panel Kit', price: 79, image: '/products/c.svg' };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProviders notifications>
      <CartProvider>{children}</CartProvider>
    </AppProviders>
  );
}

async function renderCart() {
  const hook = renderHook(() => useCart(), { wrapper });
  await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
  return hook;
}

let guestName = '';
beforeEach(async () => {
  localStorage.clear();
  userDataStore.setState(IDLE_USER_DATA);
  guestName = `guest-${crypto.randomUUID()}`;
  await resetGuestCart({ name: guestName, multiInstance: false });
});
// RxDB's first start in a process takes longer than waitFor's patience.
beforeAll(async () => {
  await resetGuestCart({ name: 'warm-up', multiInstance: false });
  await guestCart();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('useCart', () => {
  it('throws outside its provider (spec §5)', () => {
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used within a CartProvider');
  });

  const guestDatabaseOpened = async () => (await indexedDB.databases()).some((db) => db.name?.startsWith(`rxdb-dexie-${guestName}-`));

  it('is loading until it knows, then empty; a device that never had a cart opens no database until the first add', async () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ items: [], total: 0, itemCount: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await guestDatabaseOpened()).toBe(false);
    await act(() => result.current.addItem(system));
    await waitFor(() => expect(result.current.itemCount).toBe(1));
    expect(await guestDatabaseOpened()).toBe(true);
    expect(localStorage.getItem('garage-guest-cart')).toBe('1');
  });

  it('loads the cart when a session may be stored, or when another tab writes the first line', async () => {
    // Lines in the shared database that this tab has no sign of (another tab's first add, in flight).
    const { repo } = await import('@/features/cart/data/lazy.ts');
    await repo.addCartItem(await guestCart(), solar, 2);
    const { result } = renderHook(() => useCart(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.itemCount).toBe(0);

    const signedIn = renderHook(() => useCart(), {
      wrapper: ({ children }) => (
        <AppProviders>
          <CartProvider mayHaveSession={() => true}>{children}</CartProvider>
        </AppProviders>
      ),
    });
    await waitFor(() => expect(signedIn.result.current.itemCount).toBe(2));
    expect(result.current.itemCount).toBe(0);

    // The other tab's flag arrives: this one loads the cart.
    act(() => {
      localStorage.setItem('garage-guest-cart', '1');
      window.dispatchEvent(new StorageEvent('storage', { key: 'garage-guest-cart', newValue: '1' }));
    });
    await waitFor(() => expect(result.current.itemCount).toBe(2));
  });

  it('adds items live, derives total and itemCount, and toasts', async () => {
    const { result } = await renderCart();
    await act(() => result.current.addItem(system));
    await act(() => result.current.addItem(system));
    await act(() => result.current.addItem(solar, 3));
    await waitFor(() => expect(result.current.itemCount).toBe(5));
    expect(result.current.total).toBe(835);
    expect(result.current.items.map((i) => [i.id, i.quantity])).toEqual([
      ['1', 2],
      ['3', 3],
    ]);
    expect(await screen.findAllByText('Complete System has been added to your cart.')).toHaveLength(2);
    expect(screen.getByText('3x Solar Panel Kit has been added to your cart.')).toBeTruthy();
    expect(screen.getAllByText('Added to cart').length).toBeGreaterThan(0);
  });

  it('removes with the "Item removed" toast and updates quantities without one', async () => {
    const { result } = await renderCart();
    await act(() => result.current.addItem(system));
    await act(() => result.current.addItem(solar));
    await act(() => result.current.updateQuantity('3', 4.9));
    await waitFor(() => expect(result.current.itemCount).toBe(5));
    await act(() => result.current.removeItem('1'));
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['3']));
    expect(await screen.findByText('Item removed')).toBeTruthy();
    expect(screen.getByText('Complete System has been removed from your cart.')).toBeTruthy();
    await act(() => result.current.updateQuantity('3', 0));
    await waitFor(() => expect(result.current.items).toEqual([]));
  });

  it('clears with the "Cart cleared" toast, or silently for checkout', async () => {
    const { result } = await renderCart();
    await act(() => result.current.addItem(system));
    await act(() => result.current.clearCart());
    await waitFor(() => expect(result.current.itemCount).toBe(0));
    expect(await screen.findByText('All items have been removed from your cart.')).toBeTruthy();
    await act(() => result.current.addItem(system));
    await waitFor(() => expect(result.current.itemCount).toBe(1));
    const shown = vi.spyOn(notifications, 'show');
    await act(() => result.current.clearCart({ silent: true }));
    await waitFor(() => expect(result.current.itemCount).toBe(0));
    expect(shown).not.toHaveBeenCalled();
  });

  it('stays loading until a legacy cart is imported, so it never shows empty first', async () => {
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify([{ id: 2, name: 'Indoor Unit', price: 149, image: '', quantity: 2 }]));
    const seen: number[] = [];
    const { result } = renderHook(
      () => {
        const cart = useCart();
        if (!cart.isLoading) seen.push(cart.itemCount);
        return cart;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.itemCount).toBe(2));
    expect(seen.every((count) => count === 2)).toBe(true);
    expect(localStorage.getItem(LEGACY_CART_KEY)).toBeNull();
  });
});

describe('signing in', () => {
  it("shows the user's cart with the guest cart merged in, empties the guest cart, and the guest cart again after sign-out", async () => {
    const userId = '00000000-0000-4000-8000-0000000000aa';
    const db = await createAppDatabase({ name: `user-${crypto.randomUUID()}`, collections: ['cart_items'], multiInstance: false });
    try {
      const { addCartItem } = await import('@/features/cart/data/cart-repo.ts');
      await addCartItem({ collection: db.cart_items!, userId }, solar, 2);
      const { result } = await renderCart();
      await act(() => result.current.addItem(system, 2));
      await act(() => result.current.addItem(solar));
      await waitFor(() => expect(result.current.itemCount).toBe(3));

      act(() => userDataStore.setState({ ...IDLE_USER_DATA, userId, status: 'opening' }));
      // While the user's database opens, the last lines stay on screen (no flash of an empty cart).
      expect(result.current.itemCount).toBe(3);
      act(() => userDataStore.setState({ ...IDLE_USER_DATA, userId, status: 'ready', data: { userId, db } as unknown as UserData }));
      await waitFor(() =>
        expect(result.current.items.map((i) => [i.id, i.quantity])).toEqual([
          ['3', 3],
          ['1', 2],
        ]),
      );
      const guest = await guestCart();
      await waitFor(async () => expect(await guest.collection.count().exec()).toBe(0));
      // Adds now go to the user's cart.
      await act(() => result.current.addItem(system));
      await waitFor(async () => expect((await db.cart_items!.find().exec()).map((d) => d.quantity).sort()).toEqual([3, 3]));

      act(() => userDataStore.setState(IDLE_USER_DATA));
      await waitFor(() => expect(result.current.items).toEqual([]));
    } finally {
      await db.remove();
    }
  });
});

describe('an add while the user\'s cart opens', () => {
  it("waits for the user's cart and lands there, not in the guest cart", async () => {
    const userId = '00000000-0000-4000-8000-0000000000ab';
    const db = await createAppDatabase({ name: `user-${crypto.randomUUID()}`, collections: ['cart_items'], multiInstance: false });
    try {
      const { result } = await renderCart();
      act(() => userDataStore.setState({ ...IDLE_USER_DATA, userId, status: 'opening' }));
      let added = false;
      const adding = result.current.addItem(solar).then(() => (added = true));
      await new Promise((r) => setTimeout(r, 200));
      expect(added).toBe(false);
      act(() => userDataStore.setState({ ...IDLE_USER_DATA, userId, status: 'ready', data: { userId, db } as unknown as UserData }));
      await act(() => adding);
      await waitFor(async () => expect((await db.cart_items!.find().exec()).map((d) => [d.line_id, d.quantity])).toEqual([['3', 1]]));
      expect(localStorage.getItem('garage-guest-cart')).toBeNull();
    } finally {
      act(() => userDataStore.setState(IDLE_USER_DATA));
      await db.remove();
    }
  });
});

describe('useCartActions', () => {
  it('throws outside its provider', () => {
    expect(() => renderHook(() => useCartActions())).toThrow('useCartActions must be used within a CartProvider');
  });

  it('adds to the cart without re-rendering its reader when the lines change', async () => {
    // A product page reads only the actions: the cart loading from IndexedDB after hydration, or an
    // item added, must not re-render the page.
    const seenActions: CartActions[] = [];
    function ProductPage() {
      seenActions.push(useCartActions());
      return null;
    }
    function Badge() {
      const { itemCount, isLoading } = useCart();
      return <output>{isLoading ? 'loading' : itemCount}</output>;
    }
    render(
      <AppProviders>
        <CartProvider>
          <ProductPage />
          <Badge />
        </CartProvider>
      </AppProviders>,
    );
    expect(await screen.findByText('0')).toBeTruthy();
    await act(() => seenActions[0]?.addItem(system, 2));
    expect(await screen.findByText('2')).toBeTruthy();
    expect(seenActions).toHaveLength(1);
  });
});
