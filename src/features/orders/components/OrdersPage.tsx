import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMyOrders } from '../use-my-orders.ts';
import { OrderCard } from './OrderCard.tsx';
import { LoadError } from '@/components/LoadError.tsx';

function OrdersSkeleton() {
  return (
    <Stack gap="md" role="progressbar" aria-busy="true" aria-label="Loading your orders" data-testid="orders-loading">
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Skeleton height={20} width="40%" mb="sm" />
          <Skeleton height={12} width="25%" mb="lg" />
          <Skeleton height={12} mb={8} />
          <Skeleton height={12} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}

function NoOrders() {
  return (
    <Stack align="center" gap="sm" ta="center" py="xl" data-testid="orders-empty">
      <IconPackage size={56} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={2} fz="h3">
        No orders yet
      </Title>
      <Text c="dimmed">When you place an order, it shows up here with its status.</Text>
      <Button color="blue" renderRoot={(props) => <Link to="/products" {...props} />}>
        Browse Products
      </Button>
    </Stack>
  );
}

/** /dashboard/orders: the signed-in customer's orders, newest first (rendered inside the dashboard layout). */
export function OrdersPage() {
  const { state, retry } = useMyOrders();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Orders</Title>
        <Text c="dimmed">Your orders, their items and where they are.</Text>
      </div>
      {state.status === 'loading' && <OrdersSkeleton />}
      {state.status === 'error' && (
        <LoadError title="Your orders could not be loaded" onRetry={retry} data-testid="orders-error" />
      )}
      {state.status === 'loaded' && state.orders.length === 0 && <NoOrders />}
      {state.status === 'loaded' && state.orders.length > 0 && (
        <Stack gap="md" data-testid="orders-list">
          {state.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
