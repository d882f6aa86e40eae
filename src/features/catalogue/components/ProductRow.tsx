import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { imageAlt } from '../format.ts';
import { PriceTag } from './PriceTag.tsx';
import { FeatureList, ProductBadges, type ProductCardProps } from './ProductCard.tsx';
import { ProductImage } from './ProductImage.tsx';
import { ProductAnchor, ProductDetailsButton } from './ProductLinks.tsx';
import { RatingSummary } from './RatingSummary.tsx';

const LIST_FEATURES = 3;

/** List-view card (spec §2): like the grid card, with 3 features and '+N more'. */
export function ProductRow({ product, onAddToCart, lazyImage = true }: ProductCardProps) {
  const more = Math.max(0, product.features.length - LIST_FEATURES);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="product-row">
      <Group align="stretch" gap="lg" wrap="wrap">
        <Box pos="relative" w={{ base: '100%', sm: 240 }} style={{ flexShrink: 0 }}>
          <ProductImage src={product.images[0] ?? ''} alt={imageAlt(product.name, 0, 1)} lazy={lazyImage} />
          <ProductBadges product={product} />
        </Box>
        <Stack gap="sm" style={{ flex: '1 1 280px' }}>
          <Title order={2} fz="h4">
            <ProductAnchor productId={product.id}>{product.name}</ProductAnchor>
          </Title>
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
          <FeatureList features={product.features.slice(0, LIST_FEATURES)} more={more} />
          <RatingSummary rating={product.rating} reviewCount={product.reviewCount} />
          <Group justify="space-between" align="center" mt="auto" gap="sm">
            <PriceTag product={product} />
            <Group gap="xs">
              <ProductDetailsButton productId={product.id} />
              <Button color="blue" leftSection={<IconShoppingCart size={16} aria-hidden />} onClick={() => onAddToCart(product)} disabled={product.stock < 1}>
                Add to Cart
              </Button>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
