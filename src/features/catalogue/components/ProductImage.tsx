import { Box } from '@mantine/core';

// Product renderings are 4:3 SVGs (viewBox 0 0 400 300). Explicit width/height plus
// aspect-ratio reserve the space before the file arrives, so nothing shifts (CLS budget).
// The renderings are transparent: their backdrop is the theme's image panel, pale on a light page
// and a grey just above the card on a dark one (a white panel glared there).
export const IMAGE_PANEL = 'var(--gg-image-panel)';
export const IMAGE_WIDTH = 400;
export const IMAGE_HEIGHT = 300;

interface ProductImageProps {
  src: string;
  alt: string;
  /** Below-the-fold images load lazily; the first visible ones load eagerly. */
  lazy?: boolean;
  radius?: string;
}

export function ProductImage({ src, alt, lazy = true, radius = 'var(--mantine-radius-md)' }: ProductImageProps) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', borderRadius: radius, background: IMAGE_PANEL }}
    />
  );
}
