import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import type { AuthMode, AuthSearch } from '../search.ts';
import { signedInToast } from './messages.ts';

export interface AuthNavigation {
  /** Opens another panel of /auth in place (history replaced), keeping the remembered redirect. */
  setMode: (mode: AuthMode) => Promise<void>;
  /** After a completed sign-in: the welcome toast, then where the user was going (history replaced). */
  finishSignIn: () => Promise<void>;
}

export function useAuthNavigation(search: AuthSearch): AuthNavigation {
  const navigate = useNavigate();
  const { redirect } = search;

  const setMode = useCallback(
    (mode: AuthMode) =>
      navigate({
        to: '/auth',
        // Sign In is the default panel: its URL stays plain /auth.
        search: { ...(redirect ? { redirect } : {}), ...(mode === 'sign-in' ? {} : { mode }) },
        replace: true,
      }),
    [navigate, redirect],
  );

  const finishSignIn = useCallback(async () => {
    notifications.show(signedInToast);
    // The remembered location goes in as `href` (which wins over `to`): it may carry a query string
    // (/products?category=…) that `to`, a path, would mangle.
    await navigate({ to: '/', ...(redirect ? { href: redirect } : {}), replace: true });
  }, [navigate, redirect]);

  return { setMode, finishSignIn };
}
