import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

// Mantine's polymorphic `component={Link}` loses the router's typed params; renderRoot keeps them.
const detailLink = (productId: number) => (props: Record<string, unknown>) => (
  <Link to="/products/$productId" params={{ productId: String(productId) }} {...props} />
);

export function ProductAnchor({ productId, children, ...rest }: AnchorProps & { productId: number; children: ReactNode }) {
  return (
    <Anchor c="inherit" fw={650} underline="hover" {...rest} renderRoot={detailLink(productId)}>
      {children}
    </Anchor>
  );
}

export function ProductDetailsButton({ productId, ...rest }: ButtonProps & { productId: number }) {
  return (
    <Button variant="default" {...rest} renderRoot={detailLink(productId)}>
      View Details
    </Button>
  );
}
