import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductDetailPage } from '@/features/catalogue/components/ProductDetailPage.tsx';
import { CATALOGUE, getProduct } from '@/features/catalogue/data/products.ts';
import { COMMERCE_COLUMNS, fetchProductCommerce } from '@/features/catalogue/data/products-remote.ts';
import { mergeCommerce } from '@/features/catalogue/live/merge.ts';
import { refreshLiveCatalogue, resetLiveCatalogue, liveCatalogueStore } from '@/features/catalogue/live/store.ts';
import { relatedProducts } from '@/features/catalogue/rules.ts';
import type { Product } from '@/features/catalogue/schemas.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { createFakeBackend, json, type FakeBackend } from '../checkout/fake-backend.ts';

const backend = vi.hoisted(() => ({ current: null as unknown as FakeBackend }));
vi.mock('@/lib/load-supabase.ts', () => ({ loadSupabase: async () => backend.current.client }));

// Whole products (summary and details), as the detail page's loader gives them.
const [system, indoor] = (await Promise.all([getProduct(1), getProduct(2)])) as [Product, Product];
/** A products row as PostgREST returns it for the commerce columns. */
const row = (id: number, over: Record<string, unknown> = {}) => {
  const p = CATALOGUE.find((x) => x.id === id)!;
  return { id, price: p.price, original_price: p.originalPrice ?? null, stock: p.stock, rating: p.rating, review_count: p.reviewCount, is_active: true, ...over };
};
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

describe('live commerce values', () => {
  it('asks the database for the commerce columns only and reads numeric strings too', async () => {
    answerRows([row(1, { price: '279.00', original_price: '349.00', rating: '4.9' }), row(2)]);
    const live = await fetchProductCommerce();
    const [request] = backend.current.requests;
    expect(request?.url.pathname).toBe('/rest/v1/products');
    expect(request?.url.searchParams.get('select')).toBe(COMMERCE_COLUMNS);
    expect(COMMERCE_COLUMNS.split(',').sort()).toEqual(['id', 'is_active', 'original_price', 'price', 'rating', 'review_count', 'stock']);
    expect(live.get(1)).toEqual({ price: 279, originalPrice: 349, stock: 15, rating: 4.9, reviewCount: 1247, isActive: true });
  });

  it('merges live price, stock and ratings over the snapshot, keeping its content', () => {
    const live = new Map([[1, { price: 279, originalPrice: 349, stock: 3, rating: 4.8, reviewCount: 1300, isActive: true }]]);
    const merged = mergeCommerce(system, live);
    expect(merged).toMatchObject({ price: 279, originalPrice: 349, stock: 3, rating: 4.8, reviewCount: 1300 });
    expect(merged.overview).toBe(system.overview);
    expect(merged.specifications).toBe(system.specifications);
    expect(mergeCommerce(system, null)).toBe(system);
    // A "was" price at or below the price, or none, drops the discount.
    expect(mergeCommerce(system, new Map([[1, { price: 349, originalPrice: 349, stock: 1, reviewCount: 0, isActive: true }]])).originalPrice).toBeUndefined();
    // Inactive or no longer offered: cannot be bought.
    expect(mergeCommerce(system, new Map([[1, { price: 299, stock: 9, reviewCount: 0, isActive: false }]])).stock).toBe(0);
    expect(mergeCommerce(indoor, live).stock).toBe(0);
  });

  it('keeps the last values when a refresh fails, and drops an answer overtaken by a newer one', async () => {
    answerRows([row(1, { stock: 7 })]);
    await refreshLiveCatalogue();
    backend.current.respond(() => json({ message: 'down' }, 500));
    await refreshLiveCatalogue();
    expect(liveCatalogueStore.getState().byId?.get(1)?.stock).toBe(7);
    // A malformed row is a failure too.
    answerRows([{ id: 1, price: 'free', stock: -1 }]);
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

describe('product detail with live stock', { timeout: 20_000 }, () => {
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
