import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductGallery } from '@/features/catalogue/components/ProductGallery.tsx';
import { PurchasePanel } from '@/features/catalogue/components/PurchasePanel.tsx';
import { CATALOGUE } from '@/features/catalogue/data/products.ts';
import type { Product } from '@/features/catalogue/schemas.ts';
import { renderWithProviders } from '@/test/render.tsx';

const [system, indoor] = CATALOGUE as [Product, Product];
const wrap = renderWithProviders;

describe('PurchasePanel', () => {
  it('adds the chosen quantity and colour', async () => {
    const onAddToCart = vi.fn();
    wrap(<PurchasePanel product={system} onAddToCart={onAddToCart} />);
    const user = userEvent.setup();
    expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('radio', { name: 'Gray' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(system, 3, 'Color: Gray');
  });

  it('stops at the stock and passes no variant for a product without variants', async () => {
    const onAddToCart = vi.fn();
    wrap(<PurchasePanel product={{ ...indoor, stock: 2 }} onAddToCart={onAddToCart} />);
    const user = userEvent.setup();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), 2, undefined);
  });

  it('says how many are left when stock is low', () => {
    wrap(<PurchasePanel product={{ ...indoor, stock: 5 }} onAddToCart={vi.fn()} />);
    expect(screen.getByTestId('stock').textContent).toBe('Only 5 left');
  });

  it('cannot add a product that is out of stock', () => {
    wrap(<PurchasePanel product={{ ...indoor, stock: 0 }} onAddToCart={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Out of Stock')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ProductGallery', () => {
  it('wraps with previous/next and jumps with thumbnails', async () => {
    wrap(<ProductGallery name="Kit" images={['/products/a.svg', '/products/b.svg', '/products/c.svg']} />);
    const user = userEvent.setup();
    const main = () => screen.getAllByRole('img')[0]!;
    expect(main().getAttribute('alt')).toBe('Kit, image 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(main().getAttribute('src')).toBe('/products/c.svg');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(main().getAttribute('src')).toBe('/products/a.svg');
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(main().getAttribute('alt')).toBe('Kit, image 2 of 3');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(main().getAttribute('alt')).toBe('Kit, image 3 of 3');
  });
});
