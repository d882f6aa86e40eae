import { createStore } from 'zustand/vanilla';
import type { CartTarget } from './cart-doc.ts';
import { importDexieCart } from './dexie-import.ts';
import { openGuestCart, type GuestCartOptions } from './guest-db.ts';
import { importLegacyCart } from './legacy-import.ts';
import { mergeGuestCart, type StockOf } from './merge.ts';
import { cartTouched, guestCartStored, markGuestCart } from './stored.ts';
import { currentUserCart, watchUserCart, type UserCartSource, type UserCartState } from './user-source.ts';

let guest: Promise<CartTarget> | null = null;
let guestOptions: GuestCartOptions = {};
let closeGuest: (() => Promise<unknown>) | undefined;

/** Tests: removes the guest cart's database and opens the next one with these options. */
export async function resetGuestCart(options: GuestCartOptions): Promise<void> {
  await guest?.catch(() => undefined);
  await closeGuest?.();
  closeGuest = undefined;
  guestOptions = options;
  guest = null;
  cartTouched.setState({ touched: false });
  activeCart.setState({ target: undefined });
}

/**
 * The guest cart, opened once per tab, with any cart of an earlier version of the shop moved in
 * first (so the cart never shows empty before those lines arrive). A failed import is logged and
 * tried again at the next start; the cart works meanwhile.
 */
export function guestCart(): Promise<CartTarget> {
  guest ??= (async () => {
    const { db, target } = await openGuestCart(guestOptions);
    closeGuest = () => db.remove();
    try {
      await importDexieCart(target);
      await importLegacyCart(target);
    } catch (error) {
      console.error('Legacy cart import failed; will retry on next start.', error);
    }
    return target;
  })();
  guest.catch(() => (guest = null));
  return guest;
}

/** The cart the page shows and writes to: undefined while a signed-in user's database opens. */
export const activeCart = createStore<{ target: CartTarget | undefined }>(() => ({ target: undefined }));

async function follow(user: UserCartState, stockOf: StockOf | undefined): Promise<void> {
  if (user === 'opening') {
    activeCart.setState({ target: undefined });
    return;
  }
  if (user === null) {
    const target = await guestCart();
    if (currentUserCart() === null) activeCart.setState({ target });
    return;
  }
  // The user's cart shows at once; the guest's lines then join it live.
  activeCart.setState({ target: user });
  if (await guestCartStored()) await mergeGuestCart(await guestCart(), user, stockOf);
}

/**
 * Starts following the signed-in user; returns the stop function. `onError`: the cart cannot be
 * shown. `stockOf`: the products' stock, which caps the quantities the sign-in merge adds up.
 */
export function startCartSource(onError: () => void, stockOf?: StockOf): () => void {
  const run = (user: UserCartState) =>
    void follow(user, stockOf).catch((error: unknown) => {
      console.error('The cart could not be loaded.', error);
      onError();
    });
  run(currentUserCart());
  return watchUserCart(run);
}

/** How long an action waits for a signed-in user's cart to open before writing to the guest cart. */
const OPENING_WAIT_MS = 15_000;

/** The user's cart once it has opened (null: signed out, or it failed or took too long). */
function openedUserCart(): Promise<UserCartSource | null> {
  return new Promise((resolve) => {
    const done = (user: UserCartSource | null) => {
      clearTimeout(timer);
      stop();
      resolve(user);
    };
    const timer = setTimeout(() => done(null), OPENING_WAIT_MS);
    const stop = watchUserCart((user) => {
      if (user !== 'opening') done(user);
    });
  });
}

/**
 * Where an action writes: the user's cart, or the guest cart when no one is signed in. An action
 * made while the user's cart opens waits for it: written to the guest cart instead, it could land
 * after the sign-in merge had run and stay there, unseen (a browser test lost a line that way).
 */
export async function writeTarget(): Promise<CartTarget> {
  let user = currentUserCart();
  if (user === 'opening') user = await openedUserCart();
  if (user) return user;
  markGuestCart();
  return guestCart();
}
