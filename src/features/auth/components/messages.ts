import type { NotificationData } from '@mantine/notifications';
import { OFFLINE_MESSAGE } from '../data/session.ts';

// Toast texts of spec §8, character for character; the server's own message goes under the title.

export function signInErrorToast(message: string): NotificationData {
  return { title: 'Sign In Error', message, color: 'red' };
}

export const signedInToast: NotificationData = {
  title: 'Welcome back!',
  message: 'You have successfully signed in.',
  color: 'green',
};

export function signUpErrorToast(message: string): NotificationData {
  return { title: 'Sign Up Error', message, color: 'red' };
}

export const signUpSuccessToast: NotificationData = {
  title: 'Success!',
  message: 'Please check your email to verify your account.',
  color: 'green',
};

/** Only when the server signs new accounts in at once (e-mail confirmation switched off). */
export const signedUpToast: NotificationData = {
  title: 'Success!',
  message: 'Your account has been created.',
  color: 'green',
};

export const passwordUpdatedToast: NotificationData = {
  title: 'Password updated',
  message: 'Your new password is set. Use it the next time you sign in.',
  color: 'green',
};

export function passwordUpdateErrorToast(message: string): NotificationData {
  return { title: 'Password not updated', message, color: 'red' };
}

/** A thrown error (the auth client could not load, e.g. offline) in words a user can act on. */
export function errorText(error: unknown): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE_MESSAGE;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
