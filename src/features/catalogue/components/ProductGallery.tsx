import { ActionIcon, Box, SimpleGrid, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { imageAlt } from '../format.ts';
import { nextIndex, prevIndex } from '../rules.ts';
import { IMAGE_HEIGHT, IMAGE_PANEL, IMAGE_WIDTH, ProductImage } from './ProductImage.tsx';

interface ProductGalleryProps {
  name: string;
  images: string[];
}

/** Main image with previous/next (wrapping at both ends) and clickable thumbnails. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const total = images.length;
  const go = (to: number) => setIndex(to);

  return (
    <Stack
      gap="sm"
      component="section"
      aria-label="Product images"
      // Arrow keys move through the images once focus is anywhere in the gallery (e.g. a thumbnail).
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(prevIndex(index, total));
        if (e.key === 'ArrowRight') go(nextIndex(index, total));
      }}
    >
      <Box pos="relative">
        <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
          <ProductImage src={images[index] ?? ''} alt={imageAlt(name, index, total)} lazy={false} radius="0" />
        </Box>
        {total > 1 && (
          <>
            <NavButton side="left" label="Previous image" onClick={() => go(prevIndex(index, total))} />
            <NavButton side="right" label="Next image" onClick={() => go(nextIndex(index, total))} />
          </>
        )}
      </Box>
      {total > 1 && (
        <SimpleGrid cols={4} spacing="sm" maw={400} role="group" aria-label="Choose an image">
          {images.map((src, i) => (
            <UnstyledButton
              key={src}
              onClick={() => go(i)}
              aria-label={`Show image ${i + 1} of ${total}`}
              aria-pressed={i === index}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                overflow: 'hidden',
                outlineOffset: 2,
                border: `2px solid ${i === index ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-default-border)'}`,
              }}
            >
              <img src={src} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" style={{ display: 'block', width: '100%', height: 'auto', background: IMAGE_PANEL }} />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function NavButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  const Icon = side === 'left' ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon
      variant="white"
      color="dark"
      size="lg"
      radius="xl"
      aria-label={label}
      onClick={onClick}
      pos="absolute"
      top="50%"
      style={{ [side]: 12, transform: 'translateY(-50%)', boxShadow: 'var(--mantine-shadow-sm)' }}
    >
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
}
