import { Group, Text } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';
import { formatCount } from '../format.ts';

interface RatingSummaryProps {
  rating: number;
  reviewCount: number;
  size?: 'sm' | 'md';
}

/** Five stars (to the nearest half), the rating and the review count of this product. */
export function RatingSummary({ rating, reviewCount, size = 'sm' }: RatingSummaryProps) {
  // A new product has no rating to show yet.
  if (reviewCount === 0) {
    return (
      <Text size={size} c="dimmed">
        No reviews yet
      </Text>
    );
  }
  const halves = Math.round(rating * 2);
  const px = size === 'sm' ? 14 : 18;
  const label = `Rated ${rating.toFixed(1)} out of 5 from ${formatCount(reviewCount)} reviews`;
  return (
    <Group gap={6} wrap="nowrap">
      <Group gap={1} wrap="nowrap" role="img" aria-label={label} c="yellow">
        {[0, 1, 2, 3, 4].map((i) => {
          const filled = halves - i * 2;
          if (filled >= 2) return <IconStarFilled key={i} size={px} aria-hidden />;
          if (filled === 1) return <IconStarHalfFilled key={i} size={px} aria-hidden />;
          return <IconStar key={i} size={px} aria-hidden />;
        })}
      </Group>
      <Text size={size} fw={600} aria-hidden>
        {rating.toFixed(1)}
      </Text>
      <Text size={size} c="dimmed" aria-hidden>
        ({formatCount(reviewCount)} reviews)
      </Text>
    </Group>
  );
}
