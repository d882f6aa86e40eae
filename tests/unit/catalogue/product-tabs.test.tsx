import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ProductTabs, productTabs } from '@/features/catalogue/components/ProductTabs.tsx';
import { getProduct } from '@/features/catalogue/data/products.ts';
import { toDetails, toSummary, ProductRowSchema } from '@/features/catalogue/data/product-rows.ts';
import type { Product } from '@/features/catalogue/schemas.ts';
import { renderWithProviders } from '@/test/render.tsx';
import * as v from 'valibot';
import { bareRow } from './live-rows.ts';

// A product Inventory's Add Product made has no long-form content: the page shows no empty tab.
const { isActive: _isActive, ...bareSummary } = toSummary(v.parse(ProductRowSchema, bareRow(9)));
const bare: Product = { ...bareSummary, ...toDetails({ id: 9, overview: null, specifications: [], installation: [], warranty: null }) };

describe('product tabs', () => {
  it('offers the tabs with content only', async () => {
    expect(productTabs((await getProduct(1))!)).toEqual(['overview', 'specifications', 'installation', 'warranty']);
    expect(productTabs(bare)).toEqual([]);
    expect(productTabs({ ...bare, warranty: { duration: '1 year', coverage: ['Parts'], support: 'E-mail' } })).toEqual(['warranty']);
  });

  it('renders nothing for a product without content, and opens on the first tab it has', () => {
    const { container } = renderWithProviders(<ProductTabs product={bare} />);
    expect(container.querySelector('[role="tablist"]')).toBeNull();
    renderWithProviders(<ProductTabs product={{ ...bare, installation: [{ step: 1, title: 'Mount', description: 'On the wall.' }] }} />);
    expect(screen.getByRole('tab', { name: 'Installation', selected: true })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Overview' })).toBeNull();
  });
});
