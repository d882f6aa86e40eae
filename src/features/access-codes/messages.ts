// The toasts of the access page, with the product's exact wording.
import type { NotificationData } from '@mantine/notifications';

export const createdToast = (code: string): NotificationData => ({ title: 'Success', message: `Access code ${code} created successfully`, color: 'green' });
export const createFailedToast: NotificationData = { title: 'Error', message: 'Failed to create access permission', color: 'red' };
export const revokedToast: NotificationData = { title: 'Success', message: 'Access permission revoked', color: 'green' };
export const revokeFailedToast: NotificationData = { title: 'Error', message: 'Failed to revoke access permission', color: 'red' };
export const copiedToast: NotificationData = { title: 'Copied', message: 'Access code copied to clipboard', color: 'green' };
export const sharedTextCopiedToast: NotificationData = { title: 'Copied', message: 'Access details copied to clipboard', color: 'green' };
export const copyFailedToast: NotificationData = { title: 'Error', message: 'Could not copy to the clipboard', color: 'red' };

/** The server replaced a code that was already in use on the device (a collision). */
export const codeChangedToast = (previous: string, deviceName: string, next: string): NotificationData => ({
  title: 'Access code changed',
  message: `The code ${previous} was already in use on ${deviceName}, so this code is now ${next}.`,
  color: 'yellow',
  autoClose: 10_000,
});
