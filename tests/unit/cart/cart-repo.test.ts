import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '@/db/database.ts';
import { CART_MAX_QUANTITY, type CartTarget } from '@/features/cart/data/cart-doc.ts';
import { openGuestCart } from '@/features/cart/data/guest-db.ts';
import {
  addCartItem,
  clearCartItems,
  listCartItems,
  changeCartItemQuantity,
  removeCartItem,
  setCartItemQuantity,
} from '@/features/cart/data/cart-repo.ts';

const system = { productId: 1, name: 'Complete System', price: 299, image: '/products/complete-system.svg' };
const battery = { productId: 4, name: 'Backup Battery Pack', price: 59, image: '/products/battery.svg' };

let database: AppDatabase;
let db: CartTarget;
beforeEach(async () => {
  ({ db: database, target: db } = await openGuestCart({ name: `cart-test-${crypto.randomUUID()}`, multiInstance: false }));
});
afterEach(async () => {
  await database.remove();
});

describe('cart store (RxDB)', () => {
  it('appends a new product with quantity 1', async () => {
    await addCartItem(db, system);
    expect(await listCartItems(db)).toEqual([{ id: '1', ...system, quantity: 1 }]);
  });

  it('increases the quantity when the same line is added again', async () => {
    await addCartItem(db, system);
    await addCartItem(db, system);
    await addCartItem(db, system, 3);
    const items = await listCartItems(db);
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(5);
  });

  it('keeps different products and variants as separate lines, in the order added', async () => {
    await addCartItem(db, battery);
    await addCartItem(db, { ...system, variant: 'Color: Black' });
    await addCartItem(db, { ...system, variant: 'Color: White' }, 2);
    const items = await listCartItems(db);
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['4', 1],
      ['1:Color=Black', 1],
      ['1:Color=White', 2],
    ]);
    expect(items[1]?.variant).toBe('Color: Black');
  });

  it('writes nothing for an invalid added quantity', async () => {
    expect(await addCartItem(db, system, 0)).toBeNull();
    expect(await addCartItem(db, system, Number.NaN)).toBeNull();
    expect(await listCartItems(db)).toEqual([]);
  });

  it('never loses an increment when many adds race', async () => {
    await Promise.all(Array.from({ length: 20 }, () => addCartItem(db, system)));
    expect((await listCartItems(db))[0]?.quantity).toBe(20);
  });

  it('removes by id and reports what it removed', async () => {
    await addCartItem(db, system);
    await addCartItem(db, battery);
    expect((await removeCartItem(db, '1'))?.name).toBe('Complete System');
    expect(await removeCartItem(db, '1')).toBeNull();
    expect((await listCartItems(db)).map((i) => i.id)).toEqual(['4']);
  });

  it('updates quantities with Math.floor, removes at 0 and ignores non-finite values', async () => {
    await addCartItem(db, system);
    await setCartItemQuantity(db, '1', 4.8);
    expect((await listCartItems(db))[0]?.quantity).toBe(4);
    await setCartItemQuantity(db, '1', Number.NaN);
    expect((await listCartItems(db))[0]?.quantity).toBe(4);
    await setCartItemQuantity(db, '1', 0.4);
    expect(await listCartItems(db)).toEqual([]);
  });

  it('removes a line set to a negative quantity and ignores unknown ids', async () => {
    await addCartItem(db, battery);
    await setCartItemQuantity(db, 'nope', 3);
    await setCartItemQuantity(db, '4', -2);
    expect(await listCartItems(db)).toEqual([]);
  });

  it('caps a line at the maximum quantity the server accepts', async () => {
    await addCartItem(db, system, CART_MAX_QUANTITY - 1);
    await addCartItem(db, system, 5);
    expect((await listCartItems(db))[0]?.quantity).toBe(CART_MAX_QUANTITY);
    await setCartItemQuantity(db, '1', 1000);
    expect((await listCartItems(db))[0]?.quantity).toBe(CART_MAX_QUANTITY);
  });

  it('adds a removed line again as a new line at the end', async () => {
    await addCartItem(db, system, 3);
    await addCartItem(db, battery);
    await removeCartItem(db, '1');
    await addCartItem(db, system);
    expect((await listCartItems(db)).map((i) => [i.id, i.quantity])).toEqual([
      ['4', 1],
      ['1', 1],
    ]);
  });

  it('steps quantities relative to what is stored, so quick repeated clicks all count, never below 1', async () => {
    await addCartItem(db, system);
    await Promise.all([changeCartItemQuantity(db, '1', 1), changeCartItemQuantity(db, '1', 1), changeCartItemQuantity(db, '1', 1)]);
    expect((await listCartItems(db))[0]?.quantity).toBe(4);
    await Promise.all(Array.from({ length: 6 }, () => changeCartItemQuantity(db, '1', -1)));
    expect((await listCartItems(db))[0]?.quantity).toBe(1);
    await changeCartItemQuantity(db, '1', 500);
    expect((await listCartItems(db))[0]?.quantity).toBe(CART_MAX_QUANTITY);
  });

  it('clears every line', async () => {
    await addCartItem(db, system);
    await addCartItem(db, battery);
    await clearCartItems(db);
    expect(await listCartItems(db)).toEqual([]);
  });
});
