import type { NotificationData } from '@mantine/notifications';

// Toast texts of spec §8, character for character.

export function addedToast(name: string, quantity?: number): NotificationData {
  const what = quantity === undefined ? name : `${quantity}x ${name}`;
  return { title: 'Added to cart', message: `${what} has been added to your cart.`, color: 'green' };
}

export function removedToast(name: string): NotificationData {
  return { title: 'Item removed', message: `${name} has been removed from your cart.` };
}

export const clearedToast: NotificationData = {
  title: 'Cart cleared',
  message: 'All items have been removed from your cart.',
};

/** IndexedDB can be unavailable (storage blocked, quota); the shopper must learn the action failed. */
export const cartErrorToast: NotificationData = {
  title: 'Error',
  message: 'Your cart could not be updated. Please try again.',
  color: 'red',
};
