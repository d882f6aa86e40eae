import { lazy, Suspense, useEffect } from 'react';
import { IconWifiOff } from '@tabler/icons-react';
import { useAuth } from '@/features/auth';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { importAgain } from '@/lib/import-again.ts';

export const OFFLINE_MESSAGE = 'You are offline — showing saved content';
/** Offline, a signed-in user keeps their session on the device (whatever its token's age). */
export const SIGNED_IN_OFFLINE_MESSAGE = 'You are offline — still signed in on this device';

// In the page's flow, under the header (issue 26): floating at the bottom it covered buttons on
// phones, and any floating spot covers something. The page moves down by its height while offline.
const badgeStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  width: 'fit-content',
  maxWidth: 'calc(100% - 32px)',
  margin: '0 auto 12px',
  padding: '8px 14px',
  borderRadius: 999,
  background: 'var(--mantine-color-dark-7, #1f1f1f)',
  color: '#fff',
  fontSize: 14,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
} as const;

// On the home page the hero starts under the transparent bar: the banner brings its own dark band
// behind the bar, so the bar's white text stays on dark.
const underBarStyle = { paddingTop: 'calc(var(--gg-navbar-height, 64px) + 12px)', background: 'var(--mantine-color-dark-7, #1f1f1f)' } as const;

// The sync center's part of the badge (pending changes) reads the sync database: it loads only for
// signed-in users, never with a public page's first paint, and as soon as they are signed in, so
// it is there when the connection drops. A chunk that cannot load costs the note, not the page.
const loadPendingNote = () => importAgain(() => import('@/app/shell/sync/OfflinePendingNote.tsx'));
const OfflinePendingNote = lazy(() => loadPendingNote().catch(() => ({ default: () => null })));

/**
 * The live region is always mounted (empty while online) so screen readers announce the change
 * when the connection drops; the visible badge exists only while offline. The layouts place it at
 * the top of their content: the store's <main> and the areas' AppShell.Main.
 */
export function OfflineIndicator({ underBar = false }: { underBar?: boolean }) {
  const online = useOnlineStatus();
  const signedIn = useAuth((state) => state.status === 'signed-in');
  useEffect(() => {
    if (signedIn) loadPendingNote().catch(() => undefined);
  }, [signedIn]);
  return (
    <div role="status" aria-live="polite" data-testid="offline-indicator" style={!online && underBar ? underBarStyle : undefined}>
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
