import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ProductsPage } from '@/features/catalogue/components/ProductsPage.tsx';
import { PRODUCTS_SEARCH_DEFAULTS, ProductsSearchSchema, toSearchParams, type ProductsSearch } from '@/features/catalogue/filters.ts';
import { useAddToCart } from './-add-to-cart.ts';

export const Route = createFileRoute('/products/')({
  // Filters and view live in the URL, so they survive reload and can be shared.
  validateSearch: ProductsSearchSchema,
  // Links to /products carry no search; without this the validated defaults would be written out.
  search: { middlewares: [stripSearchParams(PRODUCTS_SEARCH_DEFAULTS)] },
  // Imported on demand so the catalogue data is not part of the first-paint bundle.
  loader: async () => (await import('@/features/catalogue/data/products.ts')).listProducts(),
  head: () => ({ meta: [{ title: 'Products | GarageGuard' }] }),
  component: ProductsRoute,
});

function ProductsRoute() {
  const products = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const addToCart = useAddToCart();
  const onSearchChange = (next: ProductsSearch) =>
    void navigate({ search: toSearchParams(next), replace: true, resetScroll: false });
  return <ProductsPage products={products} search={search} onSearchChange={onSearchChange} onAddToCart={(p) => addToCart(p)} />;
}
