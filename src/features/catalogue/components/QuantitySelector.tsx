import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { stockLabel } from '../live/merge.ts';
import { clampQuantity } from '../rules.ts';

interface QuantitySelectorProps {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
}

/** Quantity bounded 1..stock: minus is disabled at 1, plus at the stock (0 and both disabled when sold out). */
export function QuantitySelector({ value, stock, onChange }: QuantitySelectorProps) {
  const set = (q: number) => onChange(clampQuantity(q, stock));
  return (
    <Group gap="md" align="center">
      <Group gap={6} wrap="nowrap" role="group" aria-label="Quantity selector">
        <ActionIcon variant="default" size={36} aria-label="Decrease quantity" disabled={value <= 1} onClick={() => set(value - 1)}>
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <NumberInput
          aria-label="Quantity"
          value={value}
          min={1}
          max={stock}
          clampBehavior="none"
          disabled={stock < 1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          w={64}
          styles={{ input: { textAlign: 'center' } }}
          // An emptied field keeps the last valid quantity rather than becoming 0.
          onChange={(v) => typeof v === 'number' && set(v)}
        />
        <ActionIcon variant="default" size={36} aria-label="Increase quantity" disabled={value >= stock} onClick={() => set(value + 1)}>
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="sm" c={stock > 0 ? 'teal' : 'red'} fw={500} data-testid="stock" aria-live="polite">
        {stockLabel(stock)}
      </Text>
    </Group>
  );
}
