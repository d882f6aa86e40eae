// Route-only glue between the catalogue and the cart (features never import each other).
import { useCart } from '@/features/cart';
import type { ProductSummary } from '@/features/catalogue/schemas.ts';
import { defaultVariantChoice, variantLabel } from '@/features/catalogue/rules.ts';

/**
 * Returns the handler the catalogue screens call. Without an explicit variant (list cards) the
 * product's default options are used, so the same choice made on the detail page lands on the
 * same cart line.
 */
export function useAddToCart() {
  const { addItem } = useCart();
  return (product: ProductSummary, quantity?: number, variant?: string) => {
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
  };
}
