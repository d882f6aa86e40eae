import { Badge, Box, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconShoppingCart } from '@tabler/icons-react';
import { imageAlt } from '../format.ts';
import { discountPercent } from '../rules.ts';
import type { ProductSummary } from '../schemas.ts';
import { PriceTag } from './PriceTag.tsx';
import { ProductImage } from './ProductImage.tsx';
import { ProductAnchor, ProductDetailsButton } from './ProductLinks.tsx';
import { RatingSummary } from './RatingSummary.tsx';

export interface ProductCardProps {
  product: ProductSummary;
  onAddToCart: (product: ProductSummary) => void;
  /** Cards in the first row load their image eagerly (likely LCP). */
  lazyImage?: boolean;
}

/** Grid card (spec §2): image, badge, name, description, 2 features, own rating, price, actions. */
export function ProductCard({ product, onAddToCart, lazyImage = true }: ProductCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" data-testid="product-card">
      <Card.Section pos="relative">
        <ProductImage src={product.images[0] ?? ''} alt={imageAlt(product.name, 0, 1)} lazy={lazyImage} radius="0" />
        <ProductBadges product={product} />
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Title order={2} fz="h4">
          <ProductAnchor productId={product.id}>{product.name}</ProductAnchor>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {product.description}
        </Text>
        <FeatureList features={product.features.slice(0, 2)} />
        <RatingSummary rating={product.rating} reviewCount={product.reviewCount} />
        <Box mt="auto">
          <PriceTag product={product} />
        </Box>
        {/* Side by side while both labels fit (at least 9rem each), one above the other when the card is narrow. */}
        <Group gap="xs">
          <ProductDetailsButton productId={product.id} style={{ flex: '1 1 9rem' }} />
          <Button color="blue" leftSection={<IconShoppingCart size={16} aria-hidden />} onClick={() => onAddToCart(product)} disabled={product.stock < 1} style={{ flex: '1 1 9rem' }}>
            Add to Cart
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Merchandising badge and discount, overlaid on the image. */
export function ProductBadges({ product }: { product: ProductSummary }) {
  const discount = discountPercent(product);
  if (!product.badge && discount === null) return null;
  return (
    <Group gap={6} pos="absolute" top={12} left={12}>
      {product.badge && (
        <Badge color="blue" variant="filled">
          {product.badge}
        </Badge>
      )}
      {discount !== null && (
        <Badge color="red" variant="filled">
          -{discount}%
        </Badge>
      )}
    </Group>
  );
}

export function FeatureList({ features, more = 0 }: { features: string[]; more?: number }) {
  return (
    <List spacing={4} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-green-text)" aria-hidden />} center>
      {features.map((f) => (
        <List.Item key={f}>{f}</List.Item>
      ))}
      {more > 0 && (
        <List.Item icon={<span aria-hidden />}>
          <Text component="span" size="sm" c="blue" fw={500}>
            +{more} more
          </Text>
        </List.Item>
      )}
    </List>
  );
}
