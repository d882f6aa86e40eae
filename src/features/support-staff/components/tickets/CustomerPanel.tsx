import type { ReactNode } from 'react';
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
        {phase === 'loading' && <Skeleton height={80} role="progressbar" aria-label="Loading the customer" />}
        {phase === 'offline' && (
          <Text size="sm" c="dimmed">
            The customer's devices and orders load when the connection returns.
          </Text>
        )}
        {phase === 'failed' && (
          <Group gap="xs">
            <Text size="sm" c="red">
              The customer could not be loaded.
            </Text>
            <Button size="compact-xs" variant="default" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Group>
        )}
        {phase === 'ready' && !query.data && (
          <Text size="sm" c="dimmed">
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
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {customer.email}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Customer since {memberSince.format(new Date(customer.member_since))}
          </Text>
        </div>
      )}
      <SummaryList
        title={`Devices (${deviceCount})`}
        empty="No devices registered."
        testId="customer-devices"
        items={devices.map((device) => ({
          key: device.id,
          name: device.name,
          detail: `${statusLabel(device.device_type)}${device.location ? ` · ${device.location}` : ''}`,
          badge: <StatusBadge kind="device" status={device.status} size="sm" />,
        }))}
      />
      <SummaryList
        title={`Recent orders (${orderCount})`}
        empty="No orders yet."
        testId="customer-orders"
        items={orders.map((order) => ({
          key: order.id,
          name: orderName(order),
          detail: (
            <>
              {formatMoney(order.total)} · <TimeAgo date={order.created_at} />
            </>
          ),
          badge: <StatusBadge kind="order" status={order.status} size="sm" />,
        }))}
      />
    </>
  );
}

interface SummaryItem {
  key: string;
  name: string;
  detail: ReactNode;
  badge: ReactNode;
}

/** A titled list of a customer's things (devices, orders): name, a detail line, a status badge. */
function SummaryList({ title, empty, testId, items }: { title: string; empty: string; testId: string; items: SummaryItem[] }) {
  return (
    <>
      <Title order={4} fz="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
          {items.map((item) => (
            <Group component="li" key={item.key} justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.detail}
                </Text>
              </div>
              {item.badge}
            </Group>
          ))}
        </Stack>
      )}
    </>
  );
}
