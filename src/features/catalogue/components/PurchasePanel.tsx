import { Badge, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { clampQuantity, defaultVariantChoice, variantLabel } from '../rules.ts';
import type { ProductSummary } from '../schemas.ts';
import { PriceTag } from './PriceTag.tsx';
import { FeatureList } from './ProductCard.tsx';
import { QuantitySelector } from './QuantitySelector.tsx';
import { RatingSummary } from './RatingSummary.tsx';
import { VariantPicker } from './VariantPicker.tsx';

export type AddToCartHandler = (product: ProductSummary, quantity: number, variant?: string) => void;

/** Name, price, rating, key features, variants, quantity and Add to Cart. */
export function PurchasePanel({ product, onAddToCart }: { product: ProductSummary; onAddToCart: AddToCartHandler }) {
  // The wanted quantity; what is shown and added is kept within the current (live) stock, so a
  // stock that drops after the page opened lowers it, and one that comes back makes it 1 again.
  const [wanted, setQuantity] = useState(1);
  const quantity = clampQuantity(wanted, product.stock);
  const [choice, setChoice] = useState(() => defaultVariantChoice(product.variants));
  const soldOut = product.stock < 1;

  return (
    <Stack gap="md">
      {product.badge && (
        <Badge color="blue" variant="filled" size="lg" w="fit-content">
          {product.badge}
        </Badge>
      )}
      <Title order={1}>{product.name}</Title>
      <RatingSummary rating={product.rating} reviewCount={product.reviewCount} size="md" />
      <PriceTag product={product} size="lg" showSaving />
      <Text c="dimmed">{product.description}</Text>
      <Divider />
      {product.features.length > 0 && (
        <div>
          <Title order={2} fz="h4" mb="xs">
            Key Features
          </Title>
          <FeatureList features={product.features} />
        </div>
      )}
      {product.variants && product.variants.length > 0 && (
        <VariantPicker variants={product.variants} value={choice} onChange={(name, option) => setChoice((c) => ({ ...c, [name]: option }))} />
      )}
      <QuantitySelector value={quantity} stock={product.stock} onChange={setQuantity} />
      <Button
        size="lg"
        color="blue"
        leftSection={<IconShoppingCart size={20} aria-hidden />}
        disabled={soldOut}
        onClick={() => onAddToCart(product, quantity, variantLabel(choice))}
      >
        Add to Cart
      </Button>
    </Stack>
  );
}
