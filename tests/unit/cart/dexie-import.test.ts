import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database.ts';
import type { CartTarget } from '@/features/cart/data/cart-doc.ts';
import { addCartItem, listCartItems } from '@/features/cart/data/cart-repo.ts';
import { importDexieCart } from '@/features/cart/data/dexie-import.ts';
import { DEXIE_CART_DB_NAME, LEGACY_CART_KEY } from '@/features/cart/data/stored.ts';
import { openGuestCart } from '@/features/cart/data/guest-db.ts';
import { importLegacyCart } from '@/features/cart/data/legacy-import.ts';

/** The database exactly as the previous version of the shop declared it. */
async function writeOldCart(items: object[], meta: object[] = []) {
  const old = new Dexie(DEXIE_CART_DB_NAME);
  old.version(1).stores({ items: 'id, addedAt', meta: 'key' });
  await old.table('items').bulkAdd(items);
  await old.table('meta').bulkAdd(meta);
  old.close();
}

const oldLine = (id: string, productId: number, quantity: number, addedAt: number, variant?: string) => ({
  id,
  productId,
  name: `Product ${productId}`,
  price: 10,
  image: '/p.svg',
  quantity,
  addedAt,
  ...(variant ? { variant } : {}),
});

let database: AppDatabase;
let cart: CartTarget;
beforeEach(async () => {
  localStorage.clear();
  ({ db: database, target: cart } = await openGuestCart({ name: `dexie-import-${crypto.randomUUID()}`, multiInstance: false }));
});
afterEach(async () => {
  await database.remove();
  await Dexie.delete(DEXIE_CART_DB_NAME);
});

describe('moving the Dexie cart of the previous version', () => {
  it('does nothing when there is none, and creates no database', async () => {
    expect(await importDexieCart(cart)).toBe(0);
    expect(await Dexie.exists(DEXIE_CART_DB_NAME)).toBe(false);
  });

  it('moves every line in its order, adds to lines already here, then deletes the old database', async () => {
    await writeOldCart([oldLine('3', 3, 2, 200), oldLine('1:Color=Black', 1, 1, 100, 'Color: Black')]);
    await addCartItem(cart, { productId: 3, name: 'Product 3', price: 10, image: '/p.svg' });
    expect(await importDexieCart(cart)).toBe(2);
    expect((await listCartItems(cart)).map((i) => [i.id, i.quantity, i.variant])).toEqual([
      ['1:Color=Black', 1, 'Color: Black'],
      ['3', 3, undefined],
    ]);
    expect(await Dexie.exists(DEXIE_CART_DB_NAME)).toBe(false);
    expect(await importDexieCart(cart)).toBe(0);
  });

  it('moves each line once when two tabs start together', async () => {
    await writeOldCart([oldLine('4', 4, 2, 100)]);
    const moved = await Promise.all([importDexieCart(cart), importDexieCart(cart)]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await listCartItems(cart)).map((i) => i.quantity)).toEqual([2]);
  });

  it('keeps the old "legacy cart already imported" mark, so localStorage.cart is not added again', async () => {
    await writeOldCart([], [{ key: 'legacyCartImported', value: { outcome: 'imported' } }]);
    await importDexieCart(cart);
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify([{ id: 1, name: 'X', price: 1, quantity: 1 }]));
    expect(await importLegacyCart(cart)).toBe('already-imported');
    expect(await listCartItems(cart)).toEqual([]);
  });
});
