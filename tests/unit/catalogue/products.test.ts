import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE, getProduct, listProducts } from '@/features/catalogue/data/products.ts';
import { ProductSchema, ProductSummarySchema, type Product } from '@/features/catalogue/schemas.ts';

// A product missing from the build's snapshot is read live (the database's answer is faked here).
const fetchProduct = vi.hoisted(() => vi.fn(async (id: number): Promise<unknown> => (id === 5 ? { id: 5, name: 'Added Later' } : null)));
vi.mock('@/features/catalogue/data/products-remote.ts', () => ({ fetchProduct }));

// Every product whole (summary and its lazily loaded details), as the detail page gets it.
const FULL = (await Promise.all(CATALOGUE.map((p) => getProduct(p.id)))) as Product[];

// Vitest runs from the repository root.
const publicDir = `${process.cwd()}/public`;

describe('catalogue data', () => {
  it('parses every summary with ProductSummarySchema and every whole product with ProductSchema', () => {
    expect(CATALOGUE).toHaveLength(4);
    for (const summary of CATALOGUE) expect(v.safeParse(ProductSummarySchema, summary).success, `summary ${summary.id}`).toBe(true);
    expect(FULL.map((p) => p?.id)).toEqual([1, 2, 3, 4]);
    for (const product of FULL) {
      const result = v.safeParse(ProductSchema, product);
      expect(result.issues, `product ${product.id}`).toBeUndefined();
      expect(result.success).toBe(true);
    }
  });

  it('carries the values of spec §3', () => {
    const rows = FULL.map((p) => [p.id, p.name, p.price, p.originalPrice, p.stock, p.rating, p.reviewCount, p.warranty?.duration]);
    expect(rows).toEqual([
      [1, 'Complete System', 299, 349, 15, 4.9, 1247, '2 years'],
      [2, 'Indoor Unit Standalone', 149, undefined, 25, 4.7, 892, '2 years'],
      [3, 'Solar Panel Kit', 79, undefined, 40, 4.8, 456, '10 years'],
      [4, 'Backup Battery Pack', 59, undefined, 30, 4.6, 234, '3 years'],
    ]);
    const [system, indoor, solar, battery] = CATALOGUE;
    expect(system).toMatchObject({ badge: 'Best Seller', category: 'bundle', variants: [{ name: 'Color', options: ['White', 'Black', 'Gray'] }] });
    expect(indoor).toMatchObject({ category: 'indoor' });
    expect(solar).toMatchObject({ category: 'accessories', accessoryType: 'power', compatibility: 'outdoor-unit' });
    expect(battery).toMatchObject({ category: 'accessories', accessoryType: 'power' });
  });

  it('has 2-4 images per product, each an existing SVG with a viewBox and a title', () => {
    for (const product of CATALOGUE) {
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(4);
      for (const src of product.images) {
        const file = `${publicDir}${src}`;
        expect(existsSync(file), src).toBe(true);
        const svg = readFileSync(file, 'utf8');
        expect(svg).toMatch(/viewBox="0 0 400 300"/);
        expect(svg).toMatch(/<title[^>]*>[^<]{10,}<\/title>/);
        expect(svg.length, `${src} stays small`).toBeLessThan(8_000);
      }
    }
  });

  it('has multi-paragraph overviews, ordered installation steps and at least 4 features', () => {
    for (const p of FULL) {
      expect((p.overview ?? '').split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(p.installation.map((s) => s.step)).toEqual(p.installation.map((_, i) => i + 1));
      expect(p.features.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('rejects a product whose original price is not above its price', () => {
    const bad = { ...FULL[0]!, originalPrice: 200 };
    expect(v.safeParse(ProductSchema, bad).success).toBe(false);
    expect(v.safeParse(ProductSchema, { ...CATALOGUE[1]!, category: 'garden' }).success).toBe(false);
    expect(v.safeParse(ProductSchema, { ...CATALOGUE[1]!, images: ['https://example.com/x.svg'] }).success).toBe(false);
  });
});

describe('listProducts / getProduct', () => {
  it('lists summaries only: the long-form details load with getProduct', async () => {
    for (const summary of await listProducts()) {
      for (const key of ['overview', 'specifications', 'installation', 'warranty']) expect(summary).not.toHaveProperty(key);
    }
    expect((await getProduct(1))?.specifications.length).toBeGreaterThan(0);
  });

  it('lists all four in catalogue order', async () => {
    expect((await listProducts()).map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });
  it('finds by id and answers null for unknown ids', async () => {
    expect((await getProduct(3))?.name).toBe('Solar Panel Kit');
    expect(await getProduct(99)).toBeNull();
    expect(await getProduct(Number.NaN)).toBeNull();
    expect(await getProduct(1.5)).toBeNull();
    expect(fetchProduct.mock.calls).toEqual([[99]]);
  });

  it('reads a product added since the build live; a failed read is "not found"', async () => {
    expect(await getProduct(5)).toEqual({ id: 5, name: 'Added Later' });
    fetchProduct.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await getProduct(6)).toBeNull();
  });
});
