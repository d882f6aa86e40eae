import Dexie from 'dexie';
import type { CartItem } from '../index.ts';
import type { CartTarget } from './cart-doc.ts';
import { addToLine } from './cart-repo.ts';
import { IMPORT_LOCK, LEGACY_IMPORT_MARK } from './legacy-import.ts';
import { withDeviceLock } from './lock.ts';
import { DEXIE_CART_DB_NAME } from './stored.ts';

/** A line as the Dexie cart stored it: the cart's line, and when it was added. */
interface DexieCartItem extends CartItem {
  addedAt: number;
}

export interface DexieImportOptions {
  name?: string;
  storage?: Storage;
}

/**
 * Moves the lines of the previous Dexie cart into this cart, then deletes that database. Each line
 * leaves the old database right after it was added here, so an interrupted move resumes where it
 * stopped and never adds a line twice. Returns how many lines moved.
 */
export async function importDexieCart(target: CartTarget, options: DexieImportOptions = {}): Promise<number> {
  const name = options.name ?? DEXIE_CART_DB_NAME;
  if (!(await Dexie.exists(name))) return 0;
  return withDeviceLock(IMPORT_LOCK, async () => {
    const old = new Dexie(name);
    // Open whatever schema is on disk: no version is declared, so Dexie never upgrades it.
    try {
      await old.open();
    } catch {
      return 0; // deleted by another tab meanwhile
    }
    let moved = 0;
    try {
      const tables = old.tables.map((table) => table.name);
      if (tables.includes('meta') && (await old.table('meta').get('legacyCartImported'))) {
        (options.storage ?? localStorage).setItem(LEGACY_IMPORT_MARK, JSON.stringify({ at: new Date().toISOString(), outcome: 'imported' }));
      }
      if (tables.includes('items')) {
        const items = (await old.table('items').toArray()) as DexieCartItem[];
        for (const item of items.sort((a, b) => a.addedAt - b.addedAt)) {
          if (!(Number.isInteger(item.quantity) && item.quantity >= 1)) continue;
          const input = { productId: item.productId, name: item.name, price: item.price, image: item.image ?? '', lineId: item.id, ...(item.variant ? { variant: item.variant } : {}) };
          await addToLine(target, input, item.quantity, item.addedAt);
          await old.table('items').delete(item.id);
          moved += 1;
        }
      }
    } finally {
      old.close();
    }
    await Dexie.delete(name);
    return moved;
  });
}
