import type { CartItemDoc } from '@/db/collections/index.ts';
import type { CartTarget } from './cart-doc.ts';
import { addToLine } from './cart-repo.ts';
import { withDeviceLock } from './lock.ts';

/**
 * Sign-in: the guest cart's lines join the user's cart (quantities added, capped at the server's
 * maximum; a line the user lacks keeps its name, price and place in the order) and leave the guest
 * cart. Runs under a device lock, so two tabs signing in together move each line once; the second
 * finds the guest cart empty. Each line leaves the guest cart right after it was added, and only
 * if nobody changed it meanwhile (then it is merged again with its new quantity), so an interrupted
 * merge resumes and a line is never lost or added twice. Returns how many lines moved.
 */
export function mergeGuestCart(guest: CartTarget, user: CartTarget): Promise<number> {
  return withDeviceLock('garage-cart-merge', async () => {
    let moved = 0;
    // What this merge already added per guest line whose removal was refused (the line changed).
    const added = new Map<string, number>();
    for (let round = 0; round < 5; round += 1) {
      const lines = await guest.collection.find().exec();
      if (lines.length === 0) break;
      for (const line of lines) {
        const doc = line.toJSON() as CartItemDoc;
        const input = { productId: doc.product_id, name: doc.name, price: doc.price, image: doc.image ?? '', lineId: doc.line_id, ...(doc.variant ? { variant: doc.variant } : {}) };
        const amount = doc.quantity - (added.get(doc.id) ?? 0);
        if (amount > 0) await addToLine(user, input, amount, Date.parse(doc.added_at));
        try {
          // remove() (not incrementalRemove) refuses when the line changed since it was read.
          await line.remove();
          added.delete(doc.id);
          moved += 1;
        } catch {
          // Changed meanwhile (an add in a tab still on the guest cart): the next round moves the difference.
          added.set(doc.id, Math.max(doc.quantity, added.get(doc.id) ?? 0));
        }
      }
    }
    return moved;
  });
}
