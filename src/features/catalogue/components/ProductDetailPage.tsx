import { Anchor, Box, Breadcrumbs, Button, Container, Grid, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { mergeAll, mergeCommerce } from '../live/merge.ts';
import { useLiveCatalogue } from '../live/use-live-catalogue.ts';
import type { Product, ProductSummary } from '../schemas.ts';
import { FeatureGrid } from './FeatureGrid.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { ProductTabs } from './ProductTabs.tsx';
import { PurchasePanel, type AddToCartHandler } from './PurchasePanel.tsx';
import { RelatedProducts } from './RelatedProducts.tsx';

interface ProductDetailPageProps {
  product: Product;
  related: ProductSummary[];
  onAddToCart: AddToCartHandler;
}

/** Product detail (spec §2). Give it key={product.id} so gallery and quantity reset per product. */
export function ProductDetailPage({ product: snapshot, related: relatedSnapshot, onAddToCart }: ProductDetailPageProps) {
  // The purchase panel and the related cards show live price and stock once fetched.
  const live = useLiveCatalogue();
  const product = useMemo(() => mergeCommerce(snapshot, live), [snapshot, live]);
  const related = useMemo(() => mergeAll(relatedSnapshot, live), [relatedSnapshot, live]);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Box component="nav" aria-label="Breadcrumb">
            <Breadcrumbs separator="›">
              <Anchor component={Link} to="/" size="sm" c="blue">
                Home
              </Anchor>
              <Anchor component={Link} to="/products" size="sm" c="blue">
                Products
              </Anchor>
              <Text size="sm" c="dimmed" aria-current="page">
                {product.name}
              </Text>
            </Breadcrumbs>
          </Box>
          <Button component={Link} to="/products" variant="subtle" c="blue" px={0} w="fit-content" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Back to Products
          </Button>
        </Stack>

        <Grid gap={{ base: 'lg', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ProductGallery name={product.name} images={product.images} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PurchasePanel product={product} onAddToCart={onAddToCart} />
          </Grid.Col>
        </Grid>

        <FeatureGrid warrantyDuration={product.warranty?.duration} />
        <ProductTabs product={product} />
        <RelatedProducts products={related} />
      </Stack>
    </Container>
  );
}
