import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { formatMoney } from '@/lib/money.ts';
import { queryPhase } from '@/lib/query/phase.ts';
import { statusLabel } from '@/lib/status.ts';
import { ticketCustomerQuery, type TicketCustomer, type TicketCustomerOrder } from '../../data/ticket-customer.ts';

const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const orderName = (order: TicketCustomerOrder) => `Order #${order.order_number ?? order.id.slice(0, 8).toUpperCase()}`;

/**
 * Who asked, beside the conversation: the customer, their devices and their latest orders, so a
 * first answer does not start with "which model do you have?". Read online when the ticket opens.
 */
export function CustomerPanel({ ticketId }: { ticketId: string }) {
  const query = useQuery(ticketCustomerQuery(ticketId));
  const phase = queryPhase(query);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label="Customer" data-testid="ticket-customer-panel">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          Customer
        </Title>
        {phase === 'loading' && <Skeleton height={80} aria-label="Loading the customer" />}
        {phase === 'offline' && (
          <Text size="sm" c="gray.7">
            The customer's devices and orders load when the connection returns.
          </Text>
        )}
        {phase === 'failed' && (
          <Group gap="xs">
            <Text size="sm" c="red.8">
              The customer could not be loaded.
            </Text>
            <Button size="compact-xs" variant="default" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        )}
        {phase === 'ready' && !query.data && (
          <Text size="sm" c="gray.7">
            This ticket is no longer available.
          </Text>
        )}
        {phase === 'ready' && query.data && <Summary summary={query.data} />}
      </Stack>
    </Card>
  );
}

function Summary({ summary }: { summary: TicketCustomer }) {
  const { customer, devices, device_count: deviceCount, orders, order_count: orderCount } = summary;
  return (
    <>
      {customer && (
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {customer.name ?? customer.email}
          </Text>
          {customer.name && customer.email && (
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {customer.email}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            Customer since {memberSince.format(new Date(customer.member_since))}
          </Text>
        </div>
      )}
      <Title order={4} fz="sm">
        Devices ({deviceCount})
      </Title>
      {devices.length === 0 ? (
        <Text size="sm" c="gray.7">
          No devices registered.
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="customer-devices">
          {devices.map((device) => (
            <Group component="li" key={device.id} justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {device.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {statusLabel(device.device_type)}
                  {device.location ? ` · ${device.location}` : ''}
                </Text>
              </div>
              <StatusBadge kind="device" status={device.status} size="sm" style={{ flexShrink: 0 }} />
            </Group>
          ))}
        </Stack>
      )}
      <Title order={4} fz="sm">
        Recent orders ({orderCount})
      </Title>
      {orders.length === 0 ? (
        <Text size="sm" c="gray.7">
          No orders yet.
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="customer-orders">
          {orders.map((order) => (
            <Group component="li" key={order.id} justify="space-between" gap="xs" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {orderName(order)}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatMoney(order.total)} · <TimeAgo date={order.created_at} />
                </Text>
              </div>
              <StatusBadge kind="order" status={order.status} size="sm" style={{ flexShrink: 0 }} />
            </Group>
          ))}
        </Stack>
      )}
    </>
  );
}
