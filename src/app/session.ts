import { EMAIL_CONFIRMED, authStore, isSignupConfirmation, onSessionEnded, onSignOut, startAuth, type AuthState } from '@/features/auth';
import { notifications } from '@mantine/notifications';
import { clearDeviceCart } from '@/features/cart';
// The module itself, not the feature's index: that one exports the checkout screens, which must
// stay out of the boot path.
import { finishOrderAttempt } from '@/features/checkout/order-attempt.ts';
import { startDataLayer } from './data/start.ts';
import type { AppRouter } from './router.ts';

// What decides a guard: a change of any of these re-runs the guards of the open page.
const guardKey = (state: AuthState) => `${state.status}|${state.user?.id ?? ''}|${state.profile?.role ?? ''}|${state.profileStatus}`;

/**
 * Joins the session to the app: starts the first session check, registers what sign-out clears
 * on this device (the cart, a pending checkout's order id, the RxDB database), and
 * re-runs the route guards whenever the session changes (sign-in, sign-out here or in another
 * tab, a revoked session, a role change).
 */
export function connectSession(router: AppRouter): void {
  onSignOut(clearDeviceCart);
  onSignOut(finishOrderAttempt);
  // The query cache's clean-up loads at sign-out only: public pages start without it.
  const clearQueries = () => import('@/lib/query/clear.ts').then(({ clearQueryCache }) => clearQueryCache());
  onSignOut(clearQueries);
  // A session the server ended keeps the user's database and unsent changes for them (they are
  // sent after the same user signs in again); answers of reports can be fetched again.
  onSessionEnded(clearQueries);
  // Opens the user's RxDB database after the first paint; its sign-out work removes it.
  startDataLayer(router);
  // Read before startAuth: supabase-js clears the fragment when it takes the session from it.
  if (isSignupConfirmation(window.location.hash)) announceConfirmation();
  startAuth();
  let last = guardKey(authStore.getState());
  authStore.subscribe((state) => {
    const key = guardKey(state);
    if (key === last) return;
    last = key;
    void router.invalidate();
  });
}

/** After the sign-up confirmation link: once that session is signed in, say so (not if the link failed). */
function announceConfirmation(): void {
  const stop = authStore.subscribe((state) => {
    if (state.status === 'loading') return;
    stop();
    if (state.status !== 'signed-in') return;
    notifications.show({ ...EMAIL_CONFIRMED, color: 'green', autoClose: 8000 });
  });
}
