import type { NotificationData } from '@mantine/notifications';
import { formatMoney } from '@/lib/money.ts';
import { OrderPlacedMessage } from './components/OrderPlacedMessage.tsx';

// The spec fixes the toast's words and the redirect to '/', so the order number and the way to the
// order go into the toast rather than a confirmation page: the landing page stays as specified, and
// the order stays findable under /dashboard/orders after the toast is gone.
/** Long enough to read the number and reach the link (Mantine's default is 4 s). */
export const ORDER_PLACED_TOAST_MS = 12_000;

/**
 * 'Your order for $328.90 has been confirmed.': the grand total with cents (and thousands
 * separators), then 'Order #100042 · View your orders' when the server gave the number.
 */
export function orderPlacedToast(grandTotal: number, orderNumber?: number | null): NotificationData {
  const confirmed = `Your order for ${formatMoney(grandTotal)} has been confirmed.`;
  return {
    title: 'Order placed successfully!',
    message: orderNumber == null ? confirmed : <OrderPlacedMessage confirmed={confirmed} orderNumber={orderNumber} />,
    color: 'green',
    autoClose: ORDER_PLACED_TOAST_MS,
  };
}
