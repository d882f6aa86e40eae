import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '@/db/database.ts';
import type { CartTarget } from '@/features/cart/data/cart-doc.ts';
import { addCartItem, listCartItems } from '@/features/cart/data/cart-repo.ts';
import { openGuestCart } from '@/features/cart/data/guest-db.ts';
import { importLegacyCart } from '@/features/cart/data/legacy-import.ts';
import { LEGACY_CART_KEY } from '@/features/cart/data/stored.ts';
import { expectConsoleError } from '../support/console.ts';

// What the previous version wrote: cart lines with extra product fields copied in.
const legacyCart = [
  { id: 1, name: 'Complete System', price: 299, image: '/products/a.svg', quantity: 2, category: 'bundle', stock: 15 },
  { id: '4', name: 'Backup Battery Pack', price: 59, image: '/products/b.svg', quantity: 1 },
];

let database: AppDatabase;
let db: CartTarget;
beforeEach(async () => {
  ({ db: database, target: db } = await openGuestCart({ name: `legacy-test-${crypto.randomUUID()}`, multiInstance: false }));
  localStorage.clear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.remove();
});

describe('legacy localStorage cart import', () => {
  it('does nothing without a legacy cart', async () => {
    expect(await importLegacyCart(db)).toBe('none');
    expect(await listCartItems(db)).toEqual([]);
  });

  it('imports a valid cart into the guest cart and removes the key', async () => {
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify(legacyCart));
    expect(await importLegacyCart(db)).toBe('imported');
    expect(await listCartItems(db)).toEqual([
      { id: '1', productId: 1, name: 'Complete System', price: 299, image: '/products/a.svg', quantity: 2 },
      { id: '4', productId: 4, name: 'Backup Battery Pack', price: 59, image: '/products/b.svg', quantity: 1 },
    ]);
    expect(localStorage.getItem(LEGACY_CART_KEY)).toBeNull();
  });

  it('merges into lines already in the cart', async () => {
    await addCartItem(db, { productId: 1, name: 'Complete System', price: 299, image: '/products/a.svg' });
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify(legacyCart));
    await importLegacyCart(db);
    expect((await listCartItems(db)).map((i) => [i.id, i.quantity])).toEqual([
      ['1', 3],
      ['4', 1],
    ]);
  });

  it('logs an unparseable value, leaves the cart as it is and does not report it again', async () => {
    const logged = expectConsoleError();
    await addCartItem(db, { productId: 2, name: 'Indoor Unit Standalone', price: 149, image: '' });
    localStorage.setItem(LEGACY_CART_KEY, '{not json');
    expect(await importLegacyCart(db)).toBe('invalid');
    expect(logged).toHaveBeenCalledTimes(1);
    expect((await listCartItems(db)).map((i) => i.id)).toEqual(['2']);
    expect(localStorage.getItem(LEGACY_CART_KEY)).toBeNull();
    expect(await importLegacyCart(db)).toBe('none');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('treats well-formed JSON of the wrong shape as unparseable', async () => {
    const logged = expectConsoleError();
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify([{ id: 1, name: 'X', price: 'free', quantity: 1 }]));
    expect(await importLegacyCart(db)).toBe('invalid');
    expect(logged).toHaveBeenCalled();
    expect(await listCartItems(db)).toEqual([]);
  });

  it('runs once per device: a later legacy value is not imported again', async () => {
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify(legacyCart));
    await importLegacyCart(db);
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify(legacyCart));
    expect(await importLegacyCart(db)).toBe('already-imported');
    expect((await listCartItems(db)).map((i) => i.quantity)).toEqual([2, 1]);
    expect(localStorage.getItem(LEGACY_CART_KEY)).toBeNull();
  });

  it('imports once when two tabs start at the same moment', async () => {
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify(legacyCart));
    const outcomes = await Promise.all([importLegacyCart(db), importLegacyCart(db)]);
    expect(outcomes.sort()).toEqual(['already-imported', 'imported']);
    expect((await listCartItems(db)).map((i) => i.quantity)).toEqual([2, 1]);
  });

  it('skips lines whose quantity is below 1', async () => {
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify([{ ...legacyCart[0], quantity: 0 }, legacyCart[1]]));
    await importLegacyCart(db);
    expect((await listCartItems(db)).map((i) => i.id)).toEqual(['4']);
  });
});
