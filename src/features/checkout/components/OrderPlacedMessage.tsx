import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

interface OrderPlacedMessageProps {
  confirmed: string;
  orderNumber: number;
}

/** The spec's confirmation sentence, then the number to quote and the way to the order. */
export function OrderPlacedMessage({ confirmed, orderNumber }: OrderPlacedMessageProps) {
  return (
    <Stack gap={2}>
      <Text size="sm">{confirmed}</Text>
      <Text size="sm">
        Order #{orderNumber} ·{' '}
        <Anchor component={Link} to="/dashboard/orders" size="sm" fw={600}>
          View your orders
        </Anchor>
      </Text>
    </Stack>
  );
}
