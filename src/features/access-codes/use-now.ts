import { useEffect, useState } from 'react';
import { nextExpiry, type PermissionFacts } from '@/lib/access-state.ts';

/** setTimeout's longest delay; a later expiry is looked at again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The clock the access states are judged by: re-read when the next of these codes expires, so a
 * code expiring while the page is open turns Expired without a reload.
 */
export function useExpiryClock(permissions: readonly Pick<PermissionFacts, 'expires_at'>[]): number {
  const [now, setNow] = useState(Date.now);
  const next = nextExpiry(permissions, now);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, next - Date.now()) + 20, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
