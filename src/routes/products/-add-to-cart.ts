// Route-only glue between the catalogue and the cart (features never import each other).
import { useCallback } from 'react';
import { useCartActions } from '@/features/cart';
import type { ProductSummary } from '@/features/catalogue/schemas.ts';
import { defaultVariantChoice, variantLabel } from '@/features/catalogue/rules.ts';

/**
 * Returns the handler the catalogue screens call. Without an explicit variant (list cards) the
 * product's default options are used, so the same choice made on the detail page lands on the
 * same cart line. It reads only the cart's actions: the product pages do not re-render when the
 * cart's lines change (the cart loading from IndexedDB after hydration re-rendered the whole page
 * in one blocking task).
 */
export function useAddToCart() {
  const { addItem } = useCartActions();
  return useCallback((product: ProductSummary, quantity?: number, variant?: string) => {
    const chosen = variant ?? variantLabel(defaultVariantChoice(product.variants));
    void addItem(
      {
        productId: product.id,
        name: product.name,
        price: product.price,
        image: product.images[0] ?? '',
        ...(chosen ? { variant: chosen } : {}),
      },
      quantity,
    );
  }, [addItem]);
}
