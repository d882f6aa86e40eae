import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database.ts';
import { CART_MAX_QUANTITY, type CartTarget } from '@/features/cart/data/cart-doc.ts';
import { addCartItem, listCartItems } from '@/features/cart/data/cart-repo.ts';
import { openGuestCart } from '@/features/cart/data/guest-db.ts';
import { mergedQuantity, mergeGuestCart } from '@/features/cart/data/merge.ts';

const system = { productId: 1, name: 'Complete System', price: 299, image: '/products/a.svg' };
const indoor = { productId: 2, name: 'Indoor Unit', price: 99, image: '/products/b.svg' };
const solar = { productId: 3, name: 'Solar Panel Kit', price: 79, image: '/products/c.svg' };
const battery = { productId: 4, name: 'Backup Battery Pack', price: 59, image: '/products/d.svg' };

describe('mergedQuantity (a guest line joining the same line of the user)', () => {
  it('adds the quantities when the sum is within the stock', () => {
    expect(mergedQuantity(2, 3, 10)).toBe(5);
    expect(mergedQuantity(2, 3, 5)).toBe(5);
  });

  it('caps the sum at the stock', () => {
    expect(mergedQuantity(4, 5, 6)).toBe(6);
  });

  it('never goes below what either cart had alone, even above the stock', () => {
    expect(mergedQuantity(8, 2, 5)).toBe(8);
    expect(mergedQuantity(1, 9, 5)).toBe(9);
  });

  it('keeps the larger of the two for a sold-out product', () => {
    expect(mergedQuantity(3, 2, 0)).toBe(3);
    expect(mergedQuantity(2, 3, 0)).toBe(3);
  });

  it('adds up to the server maximum when the stock is unknown', () => {
    expect(mergedQuantity(40, 50, undefined)).toBe(90);
    expect(mergedQuantity(60, 50, undefined)).toBe(CART_MAX_QUANTITY);
  });

  it('never goes above the server maximum, whatever the stock', () => {
    expect(mergedQuantity(60, 50, 500)).toBe(CART_MAX_QUANTITY);
    expect(mergedQuantity(CART_MAX_QUANTITY, CART_MAX_QUANTITY, 0)).toBe(CART_MAX_QUANTITY);
  });
});

describe('mergeGuestCart with the stock', () => {
  const databases: AppDatabase[] = [];
  let guest: CartTarget;
  let user: CartTarget;
  const open = async () => {
    const { db, target } = await openGuestCart({ name: `merge-test-${crypto.randomUUID()}`, multiInstance: false });
    databases.push(db);
    return target;
  };
  beforeEach(async () => {
    guest = await open();
    // A user's cart is the same collection shape with the user as owner.
    user = { collection: (await open()).collection, userId: crypto.randomUUID() };
  });
  afterEach(async () => {
    for (const db of databases.splice(0)) await db.remove();
  });

  const quantities = async (cart: CartTarget) => (await listCartItems(cart)).map((item) => [item.id, item.quantity]);
  const stocks = (byId: Record<number, number>) => (productId: number) => byId[productId];

  it('adds the quantities up to the stock, keeps what either cart had alone, and empties the guest cart', async () => {
    await addCartItem(user, system, 3);
    await addCartItem(user, battery, 8);
    await addCartItem(user, indoor, 1);
    await addCartItem(guest, system, 4);
    await addCartItem(guest, battery, 2);
    await addCartItem(guest, indoor, 2);
    await addCartItem(guest, solar, 5);
    await addCartItem(guest, { ...system, variant: 'Color: Black' }, 2);

    expect(await mergeGuestCart(guest, user, stocks({ 1: 5, 2: 0, 3: 2, 4: 6 }))).toBe(5);
    expect(await listCartItems(guest)).toEqual([]);
    expect(await quantities(user)).toEqual([
      ['1', 5], // 3 + 4, capped at the stock of 5
      ['4', 8], // 8 + 2 over a stock of 6: the user's 8 stay
      ['2', 2], // sold out: the larger of 1 and 2
      ['3', 5], // a line only the guest had keeps its quantity
      ['1:Color=Black', 2],
    ]);
  });

  it('caps only at the server maximum when the stock is unknown', async () => {
    await addCartItem(user, system, 60);
    await addCartItem(user, battery, 2);
    await addCartItem(guest, system, 50);
    await addCartItem(guest, battery, 3);
    expect(await mergeGuestCart(guest, user, () => undefined)).toBe(2);
    expect(await quantities(user)).toEqual([
      ['1', CART_MAX_QUANTITY],
      ['4', 5],
    ]);
  });

  it('without a stock lookup, adds the quantities as before', async () => {
    await addCartItem(user, system, 3);
    await addCartItem(guest, system, 4);
    expect(await mergeGuestCart(guest, user)).toBe(1);
    expect(await quantities(user)).toEqual([['1', 7]]);
  });

  /** Adds `more` to the guest's line 1 while the merge writes the user's line (once). */
  const changeGuestLineDuringMerge = (more: number) => {
    let changed = false;
    user.collection.preSave(async () => {
      if (changed) return;
      changed = true;
      await addCartItem(guest, system, more);
    }, false);
  };

  it('a guest line changed during the merge ends with at least its new quantity, even over the stock', async () => {
    await addCartItem(user, system, 3);
    await addCartItem(guest, system, 2);
    changeGuestLineDuringMerge(3);
    // Round 1: 3 + 2 capped at 4; the guest line is now 5 and stays; round 2 adds the 3 more: 5.
    expect(await mergeGuestCart(guest, user, stocks({ 1: 4 }))).toBe(1);
    expect(await listCartItems(guest)).toEqual([]);
    expect(await quantities(user)).toEqual([['1', 5]]);
  });

  it('a guest line changed during the merge is added once, the change included, when the stock allows', async () => {
    await addCartItem(user, system, 3);
    await addCartItem(guest, system, 2);
    changeGuestLineDuringMerge(3);
    expect(await mergeGuestCart(guest, user, stocks({ 1: 50 }))).toBe(1);
    expect(await listCartItems(guest)).toEqual([]);
    expect(await quantities(user)).toEqual([['1', 8]]);
  });
});
