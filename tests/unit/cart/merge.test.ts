import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database.ts';
import { CART_MAX_QUANTITY, type CartTarget } from '@/features/cart/data/cart-doc.ts';
import { addCartItem, listCartItems } from '@/features/cart/data/cart-repo.ts';
import { openGuestCart } from '@/features/cart/data/guest-db.ts';
import { mergedQuantity, mergeGuestCart } from '@/features/cart/data/merge.ts';
import { addLanded, saveEntry } from '@/features/cart/data/merge-journal.ts';
import { cartItemId } from '@/db/collections/cart-items.ts';
import { clearDeviceCart } from '@/features/cart';
import { markGuestCart } from '@/features/cart/data/stored.ts';

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

  // The user has 3, the guest 2; while the merge writes the user's line the guest line becomes 5.
  for (const { stock, expected, what } of [
    // Round 1: 3 + 2 capped at 4; the guest line is now 5 and stays; round 2 adds the 3 more: 5.
    { stock: 4, expected: 5, what: 'ends with at least its new quantity, even over the stock' },
    { stock: 50, expected: 8, what: 'is added once, the change included, when the stock allows' },
  ]) {
    it(`a guest line changed during the merge ${what}`, async () => {
      await addCartItem(user, system, 3);
      await addCartItem(guest, system, 2);
      changeGuestLineDuringMerge(3);
      expect(await mergeGuestCart(guest, user, stocks({ 1: stock }))).toBe(1);
      expect(await listCartItems(guest)).toEqual([]);
      expect(await quantities(user)).toEqual([['1', expected]]);
    });
  }
});

describe('addLanded (did an add the journal saw start reach the line?)', () => {
  const pending = (before: string | null) => ({ amount: 2, before, token: 'pageA' });
  it('no: the line is as it was, or still absent', () => {
    expect(addLanded(pending('3-other'), '3-other')).toBe(false);
    expect(addLanded(pending(null), null)).toBe(false);
  });
  it('yes: the page that made the add wrote the line last, after the revision it saw', () => {
    expect(addLanded(pending('3-other'), '4-pageA')).toBe(true);
    expect(addLanded(pending(null), '1-pageA')).toBe(true);
    // Its add retried over a pull that came in between.
    expect(addLanded(pending('3-other'), '5-pageA')).toBe(true);
  });
  it('cannot tell, so no (the add is made again): someone else wrote the line last', () => {
    expect(addLanded(pending('3-other'), '4-pageB')).toBe(false);
    expect(addLanded(pending(null), '2-pageB')).toBe(false);
  });
});

describe('a merge the page left half done (closed or navigated away between the two writes)', () => {
  const databases: AppDatabase[] = [];
  const userId = crypto.randomUUID();
  const names = { guest: '', user: '' };
  const open = async (name: string) => {
    const { db, target } = await openGuestCart({ name, multiInstance: false });
    databases.push(db);
    return target;
  };
  /** The user's cart as a new page opens it: the same database, a new instance (a new token). */
  const userCart = async (): Promise<CartTarget> => ({ collection: (await open(names.user)).collection, userId });
  beforeEach(() => {
    names.guest = `guest-${crypto.randomUUID()}`;
    names.user = `user-${crypto.randomUUID()}`;
  });
  afterEach(async () => {
    for (const db of databases.splice(0)) if (!db.closed) await db.close();
  });
  const quantities = async (cart: CartTarget) => (await listCartItems(cart)).map((item) => [item.id, item.quantity]);

  /**
   * What a page leaves when it dies in the middle of moving the guest's line 1: the journal says
   * an add of 2 started; the add was written or not.
   */
  const dieMidMerge = async (guest: CartTarget, first: CartTarget, written: boolean) => {
    const [guestLine] = await guest.collection.find({ selector: { line_id: '1' } }).exec();
    const userLine = await first.collection.findOne(cartItemId(userId, '1')).exec();
    saveEntry(guestLine!.id, { userId, added: 0, pending: { amount: 2, before: userLine?.revision ?? null, token: first.collection.database.token } });
    if (written) await addCartItem(first, system, 2);
    await first.collection.database.close();
  };

  for (const written of [true, false]) {
    it(`the next page moves each line once (the page died ${written ? 'after' : 'before'} writing the user's line)`, async () => {
      const guest = await open(names.guest);
      const first = await userCart();
      await addCartItem(first, system, 3);
      await addCartItem(guest, system, 2);
      await addCartItem(guest, battery, 1);
      await dieMidMerge(guest, first, written);

      const next = await userCart();
      expect(await mergeGuestCart(guest, next)).toBe(2);
      expect(await listCartItems(guest)).toEqual([]);
      expect(await quantities(next)).toEqual([
        ['1', 5],
        ['4', 1],
      ]);
      expect(localStorage.getItem('garage-cart-merge')).toBeNull();
    });
  }

  it('sign-out forgets the journal with the guest cart', async () => {
    const guest = await open(names.guest);
    await addCartItem(guest, system, 2);
    await dieMidMerge(guest, await userCart(), false);
    expect(localStorage.getItem('garage-cart-merge')).toContain(userId);
    markGuestCart(); // as the app's first guest write does (this test's guest cart has its own name)
    await clearDeviceCart();
    expect(localStorage.getItem('garage-cart-merge')).toBeNull();
  });

  it('the same when the user had no such line: the add was its insert', async () => {
    const guest = await open(names.guest);
    const first = await userCart();
    await addCartItem(guest, system, 2);
    await dieMidMerge(guest, first, true);
    const next = await userCart();
    expect(await mergeGuestCart(guest, next)).toBe(1);
    expect(await quantities(next)).toEqual([['1', 2]]);
  });
});
