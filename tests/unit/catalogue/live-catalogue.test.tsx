import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductDetailPage } from '@/features/catalogue/components/ProductDetailPage.tsx';
import { CATALOGUE, getProduct } from '@/features/catalogue/data/products.ts';
import { fetchLiveCatalogue } from '@/features/catalogue/data/products-remote.ts';
import { mergeAll, mergeCatalogue, mergeCommerce } from '@/features/catalogue/live/merge.ts';
import { CATALOGUE_SUMMARY_SELECT } from '@/lib/catalogue-api.ts';
import { refreshLiveCatalogue, resetLiveCatalogue, liveCatalogueStore } from '@/features/catalogue/live/store.ts';
import { relatedProducts } from '@/features/catalogue/rules.ts';
import type { Product } from '@/features/catalogue/schemas.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { createFakeBackend, json, type FakeBackend } from '../checkout/fake-backend.ts';
import { bareRow, dbRow as row, liveProduct } from './live-rows.ts';

const backend = vi.hoisted(() => ({ current: null as unknown as FakeBackend }));
vi.mock('@/lib/load-supabase.ts', () => ({ loadSupabase: async () => backend.current.client }));

// Whole products (summary and details), as the detail page's loader gives them.
const [system, indoor] = (await Promise.all([getProduct(1), getProduct(2)])) as [Product, Product];
const idle: IdleRequestCallback[] = [];
const runIdle = () => act(async () => idle.splice(0).forEach((cb) => cb({ didTimeout: false, timeRemaining: () => 50 })));
const answerRows = (rows: unknown[]) => backend.current.respond(() => json(rows));

beforeEach(() => {
  backend.current ??= createFakeBackend();
  backend.current.reset();
  resetLiveCatalogue();
  // jsdom has no requestIdleCallback: the test decides when the main thread is "idle".
  idle.length = 0;
  window.requestIdleCallback = ((cb: IdleRequestCallback) => idle.push(cb)) as typeof requestIdleCallback;
  window.cancelIdleCallback = (id: number) => void (idle[id - 1] = () => {});
});
afterEach(() => vi.restoreAllMocks());

describe('live catalogue rows', () => {
  it('asks the database for the summary columns in display order and reads numeric strings too', async () => {
    answerRows([row(1, { price: '279.00', original_price: '349.00', rating: '4.9' }), row(2)]);
    const live = await fetchLiveCatalogue();
    const [request] = backend.current.requests;
    expect(request?.url.pathname).toBe('/rest/v1/products');
    expect(request?.url.searchParams.get('select')).toBe(CATALOGUE_SUMMARY_SELECT);
    expect(request?.url.searchParams.get('order')).toBe('sort_order.asc,id.asc');
    expect(live.get(1)).toEqual({ ...CATALOGUE[0], price: 279, originalPrice: 349, rating: 4.9, isActive: true });
  });

  it('parses a row Add Product made: placeholder image, name for a description, no rating yet', async () => {
    answerRows([bareRow(9)]);
    const live = await fetchLiveCatalogue();
    expect(live.get(9)).toEqual({
      id: 9, name: 'Door Sensor', description: 'Door Sensor', price: 29, images: ['/products/placeholder.svg'], category: 'accessories',
      features: [], rating: 0, reviewCount: 0, stock: 4, isActive: true,
    });
  });

  it('lays every summary field of the live row over the snapshot, keeping its details', () => {
    // The row has no badge any more (a parsed row leaves the key out).
    const { badge: _badge, ...edited } = liveProduct(1, { name: 'Complete System 2', price: 279, stock: 3, rating: 4.8, reviewCount: 1300 });
    const live = new Map([[1, edited]]);
    const merged = mergeCommerce(system, live);
    expect(merged).toMatchObject({ name: 'Complete System 2', price: 279, originalPrice: 349, stock: 3, rating: 4.8, reviewCount: 1300 });
    expect(merged).not.toHaveProperty('badge');
    expect(merged).not.toHaveProperty('isActive');
    expect(merged.overview).toBe(system.overview);
    expect(merged.specifications).toBe(system.specifications);
    expect(mergeCommerce(system, null)).toBe(system);
    // Inactive or no longer offered: cannot be bought.
    expect(mergeCommerce(system, new Map([[1, liveProduct(1, { isActive: false })]])).stock).toBe(0);
    expect(mergeCommerce(indoor, live).stock).toBe(0);
  });

  it('lists the products added since the build after the snapshot, on sale only', () => {
    const live = new Map([
      [1, liveProduct(1)], [2, liveProduct(2)], [3, liveProduct(3)], [4, liveProduct(4)],
      [7, liveProduct(4, { id: 7, name: 'New' })], [8, liveProduct(4, { id: 8, isActive: false })],
    ]);
    expect(mergeCatalogue(CATALOGUE, live).map((p) => p.id)).toEqual([1, 2, 3, 4, 7]);
    expect(mergeCatalogue(CATALOGUE, null).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    // Related products stay the ones given.
    expect(mergeAll(CATALOGUE.slice(1, 2), live).map((p) => p.id)).toEqual([2]);
  });

  it('keeps the last values when a refresh fails, and drops an answer overtaken by a newer one', async () => {
    answerRows([row(1, { stock: 7 })]);
    await refreshLiveCatalogue();
    backend.current.respond(() => json({ message: 'down' }, 500));
    await refreshLiveCatalogue();
    expect(liveCatalogueStore.getState().byId?.get(1)?.stock).toBe(7);
    // A malformed row is a failure too.
    answerRows([row(1, { price: 'free', stock: -1 })]);
    await refreshLiveCatalogue();
    expect(liveCatalogueStore.getState().byId?.get(1)?.stock).toBe(7);
    // Concurrent callers share one request.
    answerRows([row(1, { stock: 6 })]);
    const requestsBefore = backend.current.requests.length;
    await Promise.all([refreshLiveCatalogue(), refreshLiveCatalogue(), refreshLiveCatalogue()]);
    expect(backend.current.requests.length - requestsBefore).toBe(1);
    expect(liveCatalogueStore.getState().byId?.get(1)?.stock).toBe(6);
  });
});

function renderDetail(product: Product, onAddToCart = vi.fn()) {
  renderWithRouter(<ProductDetailPage product={product} related={relatedProducts(product, CATALOGUE)} onAddToCart={onAddToCart} />, {
    path: '/products/$productId',
    url: `/products/${product.id}`,
    pages: { '/products': '' },
  });
  return onAddToCart;
}

describe('product detail with live stock', () => {
  it('first shows the snapshot, then the live price and stock; quantity stops at the live stock', async () => {
    answerRows([row(1, { price: 279, stock: 3 }), row(2), row(3), row(4, { stock: 0 })]);
    const onAddToCart = renderDetail(system);
    // The first render is the snapshot (what the prerendered HTML holds).
    expect((await screen.findByTestId('stock')).textContent).toBe('In stock (15 available)');
    expect(screen.getAllByText('$299').length).toBeGreaterThan(0);
    expect(backend.current.requests).toHaveLength(0);
    await runIdle();
    await waitFor(() => expect(screen.getByTestId('stock').textContent).toBe('Only 3 left'));
    expect(screen.getAllByText('$279').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    await user.click(plus);
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 1, price: 279, stock: 3 }), 3, 'Color: White');
  });

  it('sold out live: Out of Stock and Add to Cart disabled; a quantity above a lowered stock comes down', async () => {
    answerRows([row(1, { stock: 4 })]);
    renderDetail(system);
    await screen.findByTestId('stock');
    await runIdle();
    await waitFor(() => expect(screen.getByTestId('stock').textContent).toBe('Only 4 left'));
    const user = userEvent.setup();
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('4');

    answerRows([row(1, { stock: 2 })]);
    await act(() => refreshLiveCatalogue());
    expect(screen.getByTestId('stock').textContent).toBe('Only 2 left');
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');

    answerRows([row(1, { stock: 0 })]);
    await act(() => refreshLiveCatalogue());
    expect(screen.getByTestId('stock').textContent).toBe('Out of Stock');
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offline with nothing cached: keeps showing the snapshot', async () => {
    backend.current.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDetail(indoor);
    await screen.findByTestId('stock');
    await runIdle();
    await waitFor(() => expect(backend.current.requests.length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('stock').textContent).toBe('In stock (25 available)');
  });
});
