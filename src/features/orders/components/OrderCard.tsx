import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { formatMoney } from '@/lib/money.ts';
import { formatOrderDate, isOnItsWay, orderTitle } from '../format.ts';
import type { Order } from '../schemas.ts';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * One order: its number, date, status, its lines and the totals the server computed. An order on
 * its way (processing or shipped) offers a one-use delivery code for the courier.
 */
export function OrderCard({ order }: { order: Order }) {
  const titleId = `order-${order.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId} data-testid="order-card">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="h4" id={titleId}>
            {orderTitle(order)}
          </Title>
          <Text size="sm" c="dimmed">
            Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </Text>
        </div>
        <StatusBadge kind="order" status={order.status} data-testid="order-status" />
      </Group>
      <Divider my="md" />
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items">
        {order.items.map((item, index) => (
          <Group component="li" key={`${item.productId ?? item.name}-${index}`} justify="space-between" gap="sm" wrap="nowrap" data-testid="order-item">
            <Text size="sm">
              {item.quantity} × {item.name}
            </Text>
            <Text size="sm" fw={500}>
              {formatMoney(item.price * item.quantity)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider my="md" />
      <Stack gap={4}>
        <Row label="Subtotal" value={formatMoney(order.subtotal)} />
        <Row label="Tax" value={formatMoney(order.tax)} />
        <Row label="Shipping" value={order.shipping === 0 ? 'Free' : formatMoney(order.shipping)} />
        <Row label="Total" value={formatMoney(order.total)} strong />
      </Stack>
      {isOnItsWay(order.status) && (
        <Group justify="flex-end" mt="md">
          <Button
            variant="outline"
            color="blue"
            size="xs"
            leftSection={<IconKey size={16} aria-hidden />}
            aria-describedby={titleId}
            renderRoot={(props) => <Link to="/dashboard/access" search={{ create: 'delivery', order: order.id }} {...props} />}
          >
            Create delivery code
          </Button>
        </Group>
      )}
    </Card>
  );
}
