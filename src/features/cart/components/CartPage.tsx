import { Button, Center, Container, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCart } from '../context.ts';
import { CartLine } from './CartLine.tsx';
import { OrderSummary } from './OrderSummary.tsx';

function EmptyCart() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" py="xl">
        <IconShoppingCart size={64} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
        <Title order={1}>Your cart is empty</Title>
        <Text c="dimmed">Looks like you haven&apos;t added any items to your cart yet.</Text>
        <Button size="md" color="blue" renderRoot={(props) => <Link to="/products" {...props} />}>
          Continue Shopping
        </Button>
      </Stack>
    </Container>
  );
}

/** /cart (spec §2): line items, Clear Cart, Order Summary, checkout and shopping links. */
export function CartPage() {
  const { items, total, isLoading, changeQuantity, removeItem, clearCart } = useCart();

  if (isLoading) {
    // Heading + spinner rather than the empty state, until IndexedDB has answered.
    return (
      <Container size="lg" py="xl">
        <Title order={1} mb="lg">
          Shopping Cart
        </Title>
        <Center mih={200}>
          <Loader role="progressbar" aria-label="Loading your cart" />
        </Center>
      </Container>
    );
  }

  if (items.length === 0) return <EmptyCart />;

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="center" mb="lg">
        <Title order={1}>Shopping Cart</Title>
        <Button variant="outline" color="red" onClick={() => void clearCart()}>
          Clear Cart
        </Button>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
          <Stack component="ul" gap="md" aria-label="Cart items" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                onQuantityStep={(id, delta) => void changeQuantity(id, delta)}
                onRemove={(id) => void removeItem(id)}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
          <OrderSummary subtotal={total}>
            <Button size="md" color="blue" fullWidth mt="sm" renderRoot={(props) => <Link to="/checkout" {...props} />}>
              Proceed to Checkout
            </Button>
            <Button variant="default" fullWidth renderRoot={(props) => <Link to="/products" {...props} />}>
              Continue Shopping
            </Button>
          </OrderSummary>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
