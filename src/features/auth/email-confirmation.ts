// The confirmation link of a sign-up e-mail comes back to the site with the new session in the
// fragment ('#access_token=…&type=signup'); supabase-js reads and clears it while the session
// starts, so the app has to look before that to tell the new customer what just happened.

/** True when the URL fragment is a sign-up confirmation carrying a session (not an error). */
export function isSignupConfirmation(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('type') === 'signup' && params.has('access_token');
}

export const EMAIL_CONFIRMED = {
  title: "E-mail confirmed — you're signed in",
  message: 'Your account is ready. Welcome to GarageGuard!',
} as const;
