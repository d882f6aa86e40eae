import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openGuestCart } from '@/features/cart/data/guest-db.ts';
import { DEXIE_CART_DB_NAME, guestCartStored, LEGACY_CART_KEY, markGuestCart } from '@/features/cart/data/stored.ts';
import { COLLECTIONS } from '@/db/collections/index.ts';

/** The guest cart's storage as RxDB names it (the collection's schema version is part of the name). */
const GUEST_CART_STORAGE = `rxdb-dexie-garage-guest--${COLLECTIONS.cart_items.schema.version}--cart_items`;

// Whether this device holds a guest cart, as the provider asks it before loading RxDB. A cart this
// answer misses would not be lost, but hidden until the next add: each kind of cart must count.
describe('guestCartStored', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.restoreAllMocks();
    await Dexie.delete(DEXIE_CART_DB_NAME);
    await Dexie.delete(GUEST_CART_STORAGE);
  });

  it('is false on a device that never had a cart', async () => {
    expect(await guestCartStored()).toBe(false);
  });

  it('is true once a guest cart was written (the flag)', async () => {
    markGuestCart();
    expect(await guestCartStored()).toBe(true);
  });

  it('is true for a guest cart from before the flag existed, found by its RxDB database', async () => {
    const { db } = await openGuestCart({ multiInstance: false });
    await db.close();
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(GUEST_CART_STORAGE);
    expect(await guestCartStored()).toBe(true);
  });

  it('is true for the carts of earlier versions: the Dexie cart and localStorage.cart', async () => {
    const old = new Dexie(DEXIE_CART_DB_NAME);
    old.version(1).stores({ items: 'id' });
    await old.open();
    old.close();
    expect(await guestCartStored()).toBe(true);
    await Dexie.delete(DEXIE_CART_DB_NAME);
    localStorage.setItem(LEGACY_CART_KEY, '[]');
    expect(await guestCartStored()).toBe(true);
  });

  it('is true when it cannot tell (no indexedDB.databases()), so the cart loads as before', async () => {
    vi.spyOn(indexedDB, 'databases').mockRejectedValue(new Error('not supported'));
    expect(await guestCartStored()).toBe(true);
  });
});
