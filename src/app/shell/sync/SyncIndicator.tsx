import { Link } from '@tanstack/react-router';
import { VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudExclamation, IconCloudUpload, IconRefresh, IconReplace, IconWifiOff } from '@tabler/icons-react';
import { useShallow } from 'zustand/react/shallow';
import { useSyncStatus } from '@/db/sync/status.ts';
import { useAuth } from '@/features/auth';
import {
  isReadError,
  NO_COUNTS,
  pendingBadge,
  syncState,
  syncStateText,
  syncSummary,
  useRecordLastSynced,
  useSyncCounts,
  useSyncProblem,
  type SyncState,
} from '@/features/sync-center/live.ts';
import { ReplacedNotice } from './ReplacedNotice.tsx';
import classes from './SyncIndicator.module.css';

const ICONS: Record<SyncState, typeof IconCloudCheck> = {
  offline: IconWifiOff,
  retrying: IconCloudExclamation,
  syncing: IconRefresh,
  failed: IconAlertTriangle,
  waiting: IconCloudUpload,
  synced: IconCloudCheck,
};

export interface SyncIndicatorProps {
  /** 'full' = icon, words and count (area shells); 'compact' = icon and count (the store's bar). */
  variant: 'full' | 'compact';
}

/**
 * The header's sync indicator: Offline / Can't reach server / Syncing… / Up to date / N failed,
 * with the number of changes not yet on the server, linking to the sync center; beside it, while
 * the server replaced writes the user has not yet seen, "1 change replaced — Review". Its name
 * says the state in words; a polite live region announces changes, but not each start and end of
 * a background sync (the safety-net re-syncs run every few seconds and would talk over the page).
 */
export function SyncIndicator({ variant }: SyncIndicatorProps) {
  const userId = useAuth((state) => state.user?.id ?? null);
  useRecordLastSynced(userId);
  const read = useSyncCounts(userId);
  const counts = read === undefined || isReadError(read) ? NO_COUNTS : read;
  const status = useSyncStatus(useShallow((state) => ({ online: state.online, active: state.active })));
  const problem = useSyncProblem()?.problem ?? null;
  const state = syncState(status, counts, problem);
  const settled = syncState({ ...status, active: false }, counts, problem);
  const badge = pendingBadge(counts.total);
  const Icon = ICONS[state];

  return (
    <>
      <Link
        to="/sync"
        className={classes.indicator}
        data-variant={variant}
        data-state={state}
        data-replaced={counts.replaced > 0 || undefined}
        aria-label={`${syncSummary(state, counts, problem)}. Open the Sync Center`}
        title={variant === 'compact' ? syncSummary(state, counts, problem) : undefined}
        data-testid="sync-indicator"
      >
        <Icon size={20} aria-hidden="true" className={state === 'syncing' ? classes.spin : undefined} />
        {variant === 'full' && (
          <span className={classes.text} aria-hidden="true">
            {syncStateText(state, counts, problem)}
          </span>
        )}
        {counts.replaced > 0 && (
          // Where the area header has no room for the notice beside it (phones), the indicator
          // carries it: tinted, with the replace icon and the count (see the CSS).
          <span className={classes.replacedInline} aria-hidden="true">
            <IconReplace size={16} />
            {counts.replaced > 99 ? '99+' : counts.replaced}
          </span>
        )}
        {badge && (
          <span className={classes.badge} aria-hidden="true" data-testid="sync-badge">
            {badge}
          </span>
        )}
      </Link>
      {counts.replaced > 0 && <ReplacedNotice count={counts.replaced} variant={variant} />}
      {/* Empty until the first count, so opening a page announces nothing. */}
      <VisuallyHidden role="status" aria-live="polite" data-testid="sync-announcer">
        {read === undefined ? '' : syncSummary(settled, counts, problem)}
      </VisuallyHidden>
    </>
  );
}

export default SyncIndicator;
