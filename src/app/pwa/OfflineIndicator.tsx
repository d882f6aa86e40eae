import { lazy, Suspense, useEffect } from 'react';
import { IconWifiOff } from '@tabler/icons-react';
import { useAuth } from '@/features/auth';
import { useOnlineStatus } from './online-status.ts';

export const OFFLINE_MESSAGE = 'You are offline — showing saved content';
/** Offline, a signed-in user keeps their session on the device (whatever its token's age). */
export const SIGNED_IN_OFFLINE_MESSAGE = 'You are offline — still signed in on this device';

// Fixed, so appearing never shifts the layout; pointer-events off so it never covers a button.
const badgeStyle = {
  position: 'fixed',
  left: '50%',
  bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))',
  transform: 'translateX(-50%)',
  zIndex: 400,
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 14px',
  borderRadius: 999,
  background: 'var(--mantine-color-dark-7, #1f1f1f)',
  color: '#fff',
  fontSize: 14,
  lineHeight: 1.3,
  boxShadow: '0 2px 10px rgba(0,0,0,.25)',
  pointerEvents: 'none',
  maxWidth: 'calc(100vw - 32px)',
} as const;

// The sync center's part of the badge (pending changes) reads the sync database: it loads only for
// signed-in users, never with a public page's first paint, and as soon as they are signed in, so
// it is there when the connection drops. A chunk that cannot load costs the note, not the page.
const loadPendingNote = () => import('@/app/shell/sync/OfflinePendingNote.tsx');
const OfflinePendingNote = lazy(() => loadPendingNote().catch(() => ({ default: () => null })));

/**
 * The live region is always mounted (empty while online) so screen readers announce the change
 * when the connection drops; the visible badge exists only while offline.
 */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  const signedIn = useAuth((state) => state.status === 'signed-in');
  useEffect(() => {
    if (signedIn) loadPendingNote().catch(() => undefined);
  }, [signedIn]);
  return (
    <div role="status" aria-live="polite" data-testid="offline-indicator">
      {!online && (
        <div style={badgeStyle}>
          <IconWifiOff size={18} aria-hidden="true" />
          <span>
            <span>{signedIn ? SIGNED_IN_OFFLINE_MESSAGE : OFFLINE_MESSAGE}</span>
            {signedIn && (
              <Suspense fallback={null}>
                <OfflinePendingNote />
              </Suspense>
            )}
          </span>
        </div>
      )}
    </div>
  );
}
