import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/features/catalogue/data/products.ts';

// The prerendered pages show the built-in snapshot until the live values arrive. On a fresh
// database (supabase/seed.sql) those must be the same numbers, or every first visit would show a
// price or stock that jumps after hydration.

type SqlValue = string | number | boolean | null;

/** The rows of seed.sql's `insert into public.products (…) values (…), …` as column → value. */
function seededProducts(): Record<string, SqlValue>[] {
  const sql = readFileSync(`${process.cwd()}/supabase/seed.sql`, 'utf8');
  const start = sql.indexOf('insert into public.products (');
  const end = sql.indexOf('on conflict', start);
  expect(start, 'products insert in seed.sql').toBeGreaterThan(-1);
  const statement = sql.slice(start, end);
  const columns = /\(([^)]*)\)/.exec(statement)![1]!.split(',').map((c) => c.trim());
  const body = statement.slice(statement.indexOf('values') + 'values'.length);
  // A tiny SQL literal tokenizer: 'strings' (with '' escapes), numbers, null, true/false, ( ) ,
  const tokens = body.match(/'(?:[^']|'')*'|-?\d+(?:\.\d+)?|\bnull\b|\btrue\b|\bfalse\b|[(),]/g) ?? [];
  const rows: Record<string, SqlValue>[] = [];
  let row: SqlValue[] | null = null;
  for (const token of tokens) {
    if (token === '(') row = [];
    else if (token === ')') {
      rows.push(Object.fromEntries(columns.map((c, i) => [c, row![i] ?? null])));
      row = null;
    } else if (token === ',' || row === null) continue;
    else if (token.startsWith("'")) row.push(token.slice(1, -1).replace(/''/g, "'"));
    else if (token === 'null') row.push(null);
    else if (token === 'true' || token === 'false') row.push(token === 'true');
    else row.push(Number(token));
  }
  return rows;
}

describe('seed.sql and the static catalogue snapshot', () => {
  const seeded = seededProducts();

  it('seeds exactly the products of the snapshot, all active', () => {
    expect(seeded.map((r) => r.id)).toEqual(CATALOGUE.map((p) => p.id));
    expect(seeded.every((r) => r.is_active === true)).toBe(true);
  });

  it('seeds the same names, prices, stock and ratings the prerendered pages show', () => {
    for (const product of CATALOGUE) {
      const row = seeded.find((r) => r.id === product.id)!;
      expect(
        {
          name: row.name,
          description: row.description,
          price: row.price,
          originalPrice: row.original_price ?? undefined,
          stock: row.stock,
          rating: row.rating,
          reviewCount: row.review_count,
          badge: row.badge ?? undefined,
          category: row.category,
          compatibility: row.compatibility,
          accessoryType: row.accessory_type ?? undefined,
          image: row.image,
        },
        `product ${product.id}`,
      ).toEqual({
        name: product.name,
        description: product.description,
        price: product.price,
        originalPrice: product.originalPrice,
        stock: product.stock,
        rating: product.rating,
        reviewCount: product.reviewCount,
        badge: product.badge,
        category: product.category,
        compatibility: product.compatibility,
        accessoryType: product.accessoryType,
        image: product.images[0],
      });
    }
  });
});
