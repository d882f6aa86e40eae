import type { CartItemDoc } from '@/db/collections/index.ts';
import { capQuantity, CART_MAX_QUANTITY, type CartTarget } from './cart-doc.ts';
import { cartItemId } from '@/db/collections/cart-items.ts';
import { addToLine } from './cart-repo.ts';
import { addLanded, journalEntry, saveEntry } from './merge-journal.ts';
import { withDeviceLock } from './lock.ts';

/** A product's stock as the shop knows it now; undefined when it does not know. */
export type StockOf = (productId: number) => number | undefined | Promise<number | undefined>;

/**
 * A line's quantity when sign-in adds a guest line to the user's: the sum, capped at the product's
 * stock, but never below what either cart had on its own (nothing is lost: a sold-out product
 * keeps the larger of the two, and checkout deals with the stock), and never above the server's
 * maximum. Unknown stock: the sum, capped at the server's maximum only.
 */
export function mergedQuantity(userQuantity: number, guestQuantity: number, stock: number | undefined): number {
  const sum = userQuantity + guestQuantity;
  const inStock = stock === undefined ? sum : Math.min(sum, stock);
  return Math.min(CART_MAX_QUANTITY, Math.max(userQuantity, guestQuantity, inStock));
}

/**
 * Sign-in: the guest cart's lines join the user's cart and leave the guest cart. A line both carts
 * hold gets the quantities added, capped at the product's stock (`stockOf`) yet never below either
 * cart's own quantity, and at the server's maximum (see mergedQuantity); a line the user lacks
 * keeps its name, price, quantity and place in the order. Runs under a device lock, so two tabs
 * signing in together move each line once; the second finds the guest cart empty. Each line
 * leaves the guest cart right after it was added, and only if nobody changed it meanwhile (then
 * its difference is merged again, and the line ends with at least the guest's new quantity), so an
 * interrupted merge resumes and a line is never lost or added twice, also when the page closes
 * mid-merge (see merge-journal.ts). Returns how many lines moved.
 */
export function mergeGuestCart(guest: CartTarget, user: CartTarget, stockOf?: StockOf): Promise<number> {
  return withDeviceLock('garage-cart-merge', async () => {
    let moved = 0;
    for (let round = 0; round < 5; round += 1) {
      const lines = await guest.collection.find().exec();
      if (lines.length === 0) break;
      for (const line of lines) {
        const doc = line.toJSON() as CartItemDoc;
        const input = { productId: doc.product_id, name: doc.name, price: doc.price, image: doc.image ?? '', lineId: doc.line_id, ...(doc.variant ? { variant: doc.variant } : {}) };
        // What an earlier round, or a page that closed mid-merge, already added of this line.
        const entry = journalEntry(doc.id, user.userId);
        if (entry.pending) {
          const userLine = await user.collection.findOne(cartItemId(user.userId, doc.line_id)).exec();
          if (addLanded(entry.pending, userLine?.revision ?? null)) entry.added += entry.pending.amount;
          delete entry.pending;
        }
        const amount = doc.quantity - entry.added;
        if (amount > 0) {
          const stock = await stockOf?.(doc.product_id);
          // The user's line already holds what was added of this guest line before: only the
          // difference is added, and the guest's whole quantity is kept.
          const quantityAfter = (current: number, more: number) => Math.max(mergedQuantity(current, more, stock), capQuantity(doc.quantity));
          const userLine = await user.collection.findOne(cartItemId(user.userId, doc.line_id)).exec();
          saveEntry(doc.id, { ...entry, pending: { amount, before: userLine?.revision ?? null, token: user.collection.database.token } });
          await addToLine(user, input, amount, Date.parse(doc.added_at), quantityAfter);
          entry.added += amount;
          saveEntry(doc.id, entry);
        }
        try {
          // remove() (not incrementalRemove) refuses when the line changed since it was read.
          await line.remove();
          saveEntry(doc.id, undefined);
          moved += 1;
        } catch {
          // Changed meanwhile (an add in a tab still on the guest cart): the next round moves the
          // difference; the journal keeps what was added.
          saveEntry(doc.id, { ...entry, added: Math.max(doc.quantity, entry.added) });
        }
      }
    }
    return moved;
  });
}
