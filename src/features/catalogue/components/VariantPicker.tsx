import { Chip, Group, Stack, Text } from '@mantine/core';
import type { Variant } from '../schemas.ts';

interface VariantPickerProps {
  variants: Variant[];
  value: Record<string, string>;
  onChange: (name: string, option: string) => void;
}

/** One chip group per variant (e.g. Color: White / Black / Gray); exactly one option is chosen. */
export function VariantPicker({ variants, value, onChange }: VariantPickerProps) {
  return (
    <Stack gap="sm">
      {variants.map((variant) => {
        const labelId = `variant-${variant.name.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <div key={variant.name}>
            <Text id={labelId} fw={600} size="sm" mb={6}>
              {variant.name}: <Text span fw={400}>{value[variant.name]}</Text>
            </Text>
            <Chip.Group value={value[variant.name] ?? null} onChange={(option) => onChange(variant.name, option)}>
              <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
                {variant.options.map((option) => (
                  <Chip key={option} value={option} type="radio" variant="outline" color="blue">
                    {option}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        );
      })}
    </Stack>
  );
}
