import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ProductSummary } from '../schemas.ts';
import { PriceTag } from './PriceTag.tsx';
import { ProductImage } from './ProductImage.tsx';
import { ProductAnchor, ProductDetailsButton } from './ProductLinks.tsx';
import { RatingSummary } from './RatingSummary.tsx';

/** Up to 3 related products (computed by relatedProducts); nothing when there are none. */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-products-title">
      <Title order={2} id="related-products-title" mb="md">
        Related Products
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {products.map((p) => {
          return (
            <Card key={p.id} withBorder radius="lg" padding="md" data-testid="related-product">
              <Card.Section>
                <ProductImage src={p.images[0] ?? ''} alt={p.name} radius="0" />
              </Card.Section>
              <Stack gap="xs" mt="sm">
                <Title order={3} fz="h5">
                  <ProductAnchor productId={p.id}>{p.name}</ProductAnchor>
                </Title>
                <RatingSummary rating={p.rating} reviewCount={p.reviewCount} />
                <PriceTag product={p} />
                <ProductDetailsButton productId={p.id} />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
