import * as v from 'valibot';
import { cartLineId } from '../rules.ts';
import { LegacyCartSchema, type LegacyCartItem } from '../schemas.ts';
import type { CartDatabase, StoredCartItem } from './cart-db.ts';

/** Where the previous version of the shop kept the cart (spec §4). */
export const LEGACY_CART_KEY = 'cart';
/** Meta row recording that this device's legacy cart was dealt with, so it never runs twice. */
export const LEGACY_IMPORT_MARK = 'legacyCartImported';

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

/**
 * Moves a legacy `localStorage.cart` into Dexie, once per device.
 *
 * The check of the mark, the import and the mark itself share one 'rw' transaction over both
 * tables, so when two tabs open at once the second waits for the first and then sees the mark.
 * The key is removed only after the transaction committed: if IndexedDB fails, the next start
 * tries again and nothing is lost.
 *
 * An unparseable value is logged with console.error and the cart stays as it is (spec §4). It is
 * then removed and marked as handled too: the data cannot be recovered by retrying, and keeping
 * it would report the same error at every start.
 */
export async function importLegacyCart(db: CartDatabase, storage: Storage = localStorage): Promise<LegacyImportOutcome> {
  if (storage.getItem(LEGACY_CART_KEY) === null) return 'none';

  const outcome = await db.transaction('rw', db.items, db.meta, async (): Promise<LegacyImportOutcome> => {
    if (await db.meta.get(LEGACY_IMPORT_MARK)) return 'already-imported';
    const raw = storage.getItem(LEGACY_CART_KEY);
    if (raw === null) return 'none';
    const parsed = parseLegacyCart(raw);
    await db.meta.put({
      key: LEGACY_IMPORT_MARK,
      value: { at: new Date().toISOString(), outcome: parsed.ok ? 'imported' : 'invalid' },
    });
    if (!parsed.ok) {
      console.error('Could not read the saved cart; it was ignored.', parsed.error);
      return 'invalid';
    }
    await mergeLines(db, parsed.items);
    return 'imported';
  });

  if (outcome !== 'none') storage.removeItem(LEGACY_CART_KEY);
  return outcome;
}

/** Adds legacy lines to whatever is in the cart already; must run inside a 'rw' transaction. */
async function mergeLines(db: CartDatabase, lines: LegacyCartItem[]): Promise<void> {
  const start = Date.now();
  for (const [index, line] of lines.entries()) {
    // The old cart never stored fractional or zero quantities on purpose; drop such lines.
    const quantity = Math.floor(line.quantity);
    if (quantity < 1) continue;
    const id = cartLineId(line.id, line.variant);
    const existing = await db.items.get(id);
    if (existing) {
      await db.items.put({ ...existing, quantity: existing.quantity + quantity });
      continue;
    }
    const item: StoredCartItem = {
      id,
      productId: line.id,
      name: line.name,
      price: line.price,
      image: line.image,
      quantity,
      addedAt: start + index,
      ...(line.variant?.trim() ? { variant: line.variant.trim() } : {}),
    };
    await db.items.add(item);
  }
}
