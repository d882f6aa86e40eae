import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FILTER_GROUPS } from '@/features/catalogue/filter-options.ts';
import { ProductsSearchSchema, toSearchParams } from '@/features/catalogue/filters.ts';

describe('products list search params', () => {
  it('defaults to no filters and the grid view', () => {
    expect(v.parse(ProductsSearchSchema, {})).toEqual({ category: 'all', compatibility: 'all', accessoryType: 'all', view: 'grid' });
  });
  it('keeps valid values and falls back on unknown ones', () => {
    expect(v.parse(ProductsSearchSchema, { category: 'accessories', compatibility: 'nope', accessoryType: 'power', view: 'list' })).toEqual({
      category: 'accessories',
      compatibility: 'all',
      accessoryType: 'power',
      view: 'list',
    });
    expect(v.parse(ProductsSearchSchema, { category: 42, view: 'table' })).toMatchObject({ category: 'all', view: 'grid' });
  });
  it('leaves defaults out of the URL', () => {
    expect(toSearchParams({ category: 'all', compatibility: 'universal', accessoryType: 'all', view: 'grid' })).toEqual({ compatibility: 'universal' });
  });
  it('offers the exact labels of the spec', () => {
    expect(FILTER_GROUPS.map((g) => [g.label, g.options.map((o) => `${o.value}=${o.label}`)])).toEqual([
      ['Category', ['all=All', 'bundle=Complete Systems', 'indoor=Indoor Units', 'outdoor=Outdoor Units', 'accessories=Accessories']],
      ['Compatibility', ['all=All', 'universal=Universal', 'most-openers=Most Openers', 'outdoor-unit=Outdoor Unit']],
      ['Accessory Type', ['all=All', 'power=Power & Battery', 'sensors=Sensors & Tracking', 'mounting=Mounting & Installation']],
    ]);
  });
});
