import { ActionIcon, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CartItem } from '../index.ts';
import { formatMoney } from '@/lib/money.ts';
import { lineTotal } from '../totals.ts';

interface CartLineProps {
  item: CartItem;
  /** +1 or −1: relative, so quick repeated clicks all count. */
  onQuantityStep: (id: string, delta: number) => void;
  onRemove: (id: string) => void;
}

const IMAGE_SIZE = 88;

export function CartLine({ item, onQuantityStep, onRemove }: CartLineProps) {
  const label = item.variant ? `${item.name} (${item.variant})` : item.name;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={label}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {/* Fixed width/height: no layout shift while the image loads. */}
        <Image
          src={item.image || undefined}
          alt={item.name}
          w={IMAGE_SIZE}
          h={IMAGE_SIZE}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          fit="contain"
          radius="sm"
          loading="lazy"
          bg="var(--gg-surface-muted)"
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{item.name}</Text>
          {item.variant && (
            <Text size="sm" c="dimmed">
              {item.variant}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {formatMoney(item.price)} each
          </Text>
          <Group justify="space-between" mt="xs" gap="sm">
            <Group gap={6} wrap="nowrap">
              {/* Below 1 is not offered here (spec §5): removing is the trash button's job. */}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Decrease quantity of ${label}`}
                disabled={item.quantity <= 1}
                onClick={() => onQuantityStep(item.id, -1)}
              >
                <IconMinus size={16} aria-hidden />
              </ActionIcon>
              <Text miw={32} ta="center" fw={600} data-testid="cart-line-quantity">
                {item.quantity}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Increase quantity of ${label}`}
                onClick={() => onQuantityStep(item.id, 1)}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text fw={700} data-testid="cart-line-total">
                {formatMoney(lineTotal(item))}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove ${label} from cart`}
                onClick={() => onRemove(item.id)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
