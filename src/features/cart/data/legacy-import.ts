import * as v from 'valibot';
import { cartLineId } from '../rules.ts';
import { LegacyCartSchema, type LegacyCartItem } from '../schemas.ts';
import { addToLine } from './cart-repo.ts';
import type { CartTarget } from './cart-doc.ts';
import { withDeviceLock } from './lock.ts';
import { LEGACY_CART_KEY } from './stored.ts';

/** Records that this device's legacy cart was dealt with, so a value written later (an old tab
 * still open, an old cached version) is not added a second time. */
export const LEGACY_IMPORT_MARK = 'garage-cart-legacy-imported';

export type LegacyImportOutcome = 'none' | 'imported' | 'invalid' | 'already-imported';

type Parsed = { ok: true; items: LegacyCartItem[] } | { ok: false; error: unknown };

function parseLegacyCart(raw: string): Parsed {
  try {
    const result = v.safeParse(LegacyCartSchema, JSON.parse(raw));
    return result.success ? { ok: true, items: result.output } : { ok: false, error: v.flatten(result.issues) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The lock every move of lines into the guest cart takes, so two tabs starting together move them once. */
export const IMPORT_LOCK = 'garage-cart-import';

/**
 * Moves a legacy `localStorage.cart` into the cart, once per device, adding to lines already there.
 *
 * The key is removed only after the lines are written: if IndexedDB fails, the next start tries
 * again and nothing is lost. (A crash between the two would add the lines twice at the next start;
 * a doubled quantity is the lesser harm.)
 *
 * An unparseable value is logged with console.error and the cart stays as it is (spec §4). It is
 * then removed and marked as handled too: the data cannot be recovered by retrying, and keeping
 * it would report the same error at every start.
 */
export function importLegacyCart(target: CartTarget, storage: Storage = localStorage): Promise<LegacyImportOutcome> {
  if (storage.getItem(LEGACY_CART_KEY) === null) return Promise.resolve('none');
  return withDeviceLock(IMPORT_LOCK, async (): Promise<LegacyImportOutcome> => {
    const raw = storage.getItem(LEGACY_CART_KEY);
    // Another tab got the lock first and moved it: this one's answer is that it was imported.
    if (storage.getItem(LEGACY_IMPORT_MARK) !== null) {
      storage.removeItem(LEGACY_CART_KEY);
      return 'already-imported';
    }
    if (raw === null) return 'none';
    const parsed = parseLegacyCart(raw);
    if (parsed.ok) await addLegacyLines(target, parsed.items);
    else console.error('Could not read the saved cart; it was ignored.', parsed.error);
    storage.setItem(LEGACY_IMPORT_MARK, JSON.stringify({ at: new Date().toISOString(), outcome: parsed.ok ? 'imported' : 'invalid' }));
    storage.removeItem(LEGACY_CART_KEY);
    return parsed.ok ? 'imported' : 'invalid';
  });
}

async function addLegacyLines(target: CartTarget, lines: LegacyCartItem[]): Promise<void> {
  const start = Date.now();
  for (const [index, line] of lines.entries()) {
    // The old cart never stored fractional or zero quantities on purpose; drop such lines.
    const quantity = Math.floor(line.quantity);
    if (quantity < 1) continue;
    const input = { productId: line.id, name: line.name, price: line.price, image: line.image, ...(line.variant?.trim() ? { variant: line.variant.trim() } : {}) };
    await addToLine(target, { ...input, lineId: cartLineId(line.id, line.variant) }, quantity, start + index);
  }
}
