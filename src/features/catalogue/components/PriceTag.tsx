import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@/lib/money.ts';
import { discountPercent } from '../rules.ts';
import type { ProductSummary } from '../schemas.ts';

interface PriceTagProps {
  product: Pick<ProductSummary, 'price' | 'originalPrice'>;
  size?: 'md' | 'lg';
  /** Detail page shows "Save N%"; cards stay compact. */
  showSaving?: boolean;
}

// List prices: "$299" for whole dollars, "$29.99" otherwise.
const LIST_PRICE = { dropZeroCents: true };

export function PriceTag({ product, size = 'md', showSaving = false }: PriceTagProps) {
  const discount = discountPercent(product);
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text component="span" fz={size === 'lg' ? 32 : 22} fw={700} lh={1.1}>
        {formatMoney(product.price, LIST_PRICE)}
      </Text>
      {product.originalPrice !== undefined && discount !== null && (
        <>
          <Text component="s" c="dimmed" fz={size === 'lg' ? 'lg' : 'sm'}>
            <VisuallyHidden>Original price </VisuallyHidden>
            {formatMoney(product.originalPrice, LIST_PRICE)}
          </Text>
          {showSaving && (
            <Badge color="red" variant="filled" size="lg">
              Save {discount}%
            </Badge>
          )}
        </>
      )}
    </Group>
  );
}
