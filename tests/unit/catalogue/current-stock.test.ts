import { afterEach, describe, expect, it } from 'vitest';
import { currentStock } from '@/features/catalogue';
import { CATALOGUE } from '@/features/catalogue/data/products.ts';
import { liveCatalogueStore, resetLiveCatalogue } from '@/features/catalogue/live/store.ts';
import { liveProduct } from './live-rows.ts';

const snapshotStock = (id: number) => CATALOGUE.find((product) => product.id === id)?.stock;


afterEach(() => resetLiveCatalogue());

describe('currentStock', () => {
  it("is the built-in snapshot's stock before any live answer", () => {
    expect(snapshotStock(1)).toEqual(expect.any(Number));
    expect(currentStock(1)).toBe(snapshotStock(1));
  });

  it('is the live stock when the live answer has the product, even 0', () => {
    const system = snapshotStock(1)! + 7;
    liveCatalogueStore.setState({ byId: new Map([[1, liveProduct(1, { stock: system })], [4, liveProduct(4, { stock: 0 })]]), fetchedAt: Date.now() });
    expect(currentStock(1)).toBe(system);
    expect(currentStock(4)).toBe(0);
    expect(snapshotStock(4)).toBeGreaterThan(0);
  });

  it("falls back to the snapshot for a product the live answer lacks", () => {
    liveCatalogueStore.setState({ byId: new Map([[1, liveProduct(1, { stock: 3 })]]), fetchedAt: Date.now() });
    expect(currentStock(2)).toBe(snapshotStock(2));
  });

  it('is 0 for a product no longer on sale, and the live stock of a product added since the build', () => {
    liveCatalogueStore.setState({ byId: new Map([[1, liveProduct(1, { isActive: false })], [9, liveProduct(2, { id: 9, stock: 6 })]]), fetchedAt: Date.now() });
    expect(currentStock(1)).toBe(0);
    expect(currentStock(9)).toBe(6);
  });

  it('is undefined for a product nobody knows', () => {
    expect(currentStock(999)).toBeUndefined();
    liveCatalogueStore.setState({ byId: new Map([[1, liveProduct(1, { stock: 3 })]]), fetchedAt: Date.now() });
    expect(currentStock(999)).toBeUndefined();
  });
});
