import { createFileRoute } from '@tanstack/react-router';
import { ProductDetailPage } from '@/features/catalogue/components/ProductDetailPage.tsx';
import { ProductNotFound } from '@/features/catalogue/components/ProductNotFound.tsx';
import { parseProductId, relatedProducts } from '@/features/catalogue/rules.ts';
import { useAddToCart } from './-add-to-cart.ts';

export const Route = createFileRoute('/products/$productId')({
  // Unknown or non-numeric ids resolve to null and render "Product Not Found" (not an error).
  loader: async ({ params }) => {
    const { getProduct, listProducts } = await import('@/features/catalogue/data/products.ts');
    const id = parseProductId(params.productId);
    const product = id === null ? null : await getProduct(id);
    return product ? { product, products: await listProducts() } : null;
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData ? loaderData.product.name : 'Product Not Found'} | GarageGuard` }],
  }),
  component: ProductRoute,
});

function ProductRoute() {
  const data = Route.useLoaderData();
  const addToCart = useAddToCart();
  if (!data) return <ProductNotFound />;
  const { product, products } = data;
  return (
    <ProductDetailPage
      // A new product (e.g. from Related Products) starts with its first image and quantity 1.
      key={product.id}
      product={product}
      related={relatedProducts(product, products)}
      onAddToCart={addToCart}
    />
  );
}
