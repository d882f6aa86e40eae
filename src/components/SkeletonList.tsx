import { Card, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

interface SkeletonListProps {
  /** How many placeholder cards (the product's screens use 3, 5 or 6). */
  count: number;
  /** What is loading, read to screen-reader users instead of the grey shapes. */
  label?: string;
  /** Text lines per card under its title line. */
  lines?: number;
}

/**
 * Placeholder cards while a list loads. One status region announces `label`; the shapes are
 * hidden from assistive technology, and the region is marked busy until the list replaces it.
 */
export function SkeletonList({ count, label = 'Loading…', lines = 2 }: SkeletonListProps) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-live="polite" data-testid="skeleton-list">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: Math.max(0, count) }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="lg" aria-hidden="true" data-testid="skeleton-card">
          <Skeleton height={16} width="45%" radius="sm" mb="md" />
          {Array.from({ length: lines }, (_, line) => (
            <Skeleton key={line} height={10} width={line === lines - 1 ? '70%' : '100%'} radius="sm" mt={line === 0 ? 0 : 'xs'} />
          ))}
        </Card>
      ))}
    </Stack>
  );
}
