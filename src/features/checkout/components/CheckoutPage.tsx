import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { OrderLine } from '../data/place-order.ts';
import { checkoutInitialValues, type CheckoutContact } from '../prefill.ts';
import { usePlaceOrder } from '../use-place-order.ts';
import type { CheckoutValues } from '../schemas.ts';
import { CheckoutForm } from './CheckoutForm.tsx';

interface CheckoutPageProps {
  /** The cart has not answered yet: show neither the form nor the empty state. */
  isLoading: boolean;
  isEmpty: boolean;
  /** What is ordered: product ids and quantities (the server prices them). */
  lines: readonly OrderLine[];
  /** The order summary, composed by the route from the cart feature. */
  summary: ReactNode;
  /** After the order was placed and the simulated payment done: clear the cart and leave the page. */
  onOrderPlaced: () => Promise<void> | void;
  /** The signed-in user's name and e-mail, to prefill the contact fields. */
  contact?: CheckoutContact;
}

function EmptyCheckout() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" py="xl">
        <IconShoppingCart size={64} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
        <Title order={1}>Your cart is empty</Title>
        <Text c="dimmed">Add some items to your cart before checking out.</Text>
        <Button size="md" color="blue" renderRoot={(props) => <Link to="/products" {...props} />}>
          Continue Shopping
        </Button>
      </Stack>
    </Container>
  );
}

/** /checkout (spec §2): contact, shipping and payment form beside the order summary. */
export function CheckoutPage({ isLoading, isEmpty, lines, summary, onOrderPlaced, contact }: CheckoutPageProps) {
  const { submit: placeOrder, failure } = usePlaceOrder(lines, onOrderPlaced);
  // Once an order is under way the page keeps its form even when the cart empties underneath it
  // (the order clears it), so the shopper never sees "Your cart is empty" for their own order.
  const [ordering, setOrdering] = useState(false);
  const submit = useCallback(
    async (values: CheckoutValues) => {
      setOrdering(true);
      try {
        await placeOrder(values);
      } finally {
        // Still here: the order failed or was left (a placed order navigates away first).
        setOrdering(false);
      }
    },
    [placeOrder],
  );

  const { email, firstName, lastName } = contact ?? {};
  const initialValues = useMemo(() => checkoutInitialValues({ email, firstName, lastName }), [email, firstName, lastName]);

  if (isLoading) {
    return (
      <Container size="lg" py="xl">
        <Title order={1} mb="lg">
          Checkout
        </Title>
        <Center mih={200}>
          <Loader role="progressbar" aria-label="Loading your cart" />
        </Center>
      </Container>
    );
  }
  if (isEmpty && !ordering) return <EmptyCheckout />;

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="center" mb="lg">
        <Title order={1}>Checkout</Title>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          renderRoot={(props) => <Link to="/cart" {...props} />}
        >
          Back to Cart
        </Button>
      </Group>
      <Grid gap="xl">
        {/* On phones the summary comes first, so the shopper sees what they pay before Place Order. */}
        <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: 2, sm: 1 }}>
          {failure && (
            <Alert
              color="red"
              variant="light"
              title="Your order was not placed"
              icon={<IconAlertCircle aria-hidden />}
              mb="lg"
              data-testid="checkout-error"
              data-kind={failure.kind}
            >
              {failure.message}
            </Alert>
          )}
          <CheckoutForm onSubmit={submit} initialValues={initialValues} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: 1, sm: 2 }}>
          {summary}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
