import { Link } from '@tanstack/react-router';
import { useShallow } from 'zustand/react/shallow';
import { useSyncStatus } from '@/db/sync/status.ts';
import { useAuth } from '@/features/auth';
import { changesText, isReadError, NO_COUNTS, pendingBadge, replacedText, syncState, syncStateText, useSyncCounts, useSyncProblem } from '@/features/sync-center/live.ts';
import classes from './SyncIndicator.module.css';

interface SyncCenterRowProps {
  className?: string;
  onNavigate?: () => void;
}

/**
 * The drawer's "Sync Center" row with the sync state, for phones, where the bar has no room for
 * the indicator: "Sync Center · 2 failed" (and "· 1 change replaced") and the count badge. Its name starts with the visible
 * words and adds the count the badge shows.
 */
export default function SyncCenterRow({ className, onNavigate }: SyncCenterRowProps) {
  const userId = useAuth((state) => state.user?.id ?? null);
  const read = useSyncCounts(userId);
  const counts = read === undefined || isReadError(read) ? NO_COUNTS : read;
  const status = useSyncStatus(useShallow((state) => ({ online: state.online, active: state.active })));
  const problem = useSyncProblem()?.problem ?? null;
  const state = syncState(status, counts, problem);
  const replaced = counts.replaced > 0 ? replacedText(counts.replaced) : null;
  // "Up to date · 1 change replaced": what the server replaced is news even when all is sent.
  const words = [syncStateText(state, counts, problem), ...(replaced ? [replaced] : [])].join(' · ');
  const badge = pendingBadge(counts.total);
  const label = `Sync Center, ${words.replaceAll(' · ', ', ')}${counts.total > 0 ? `, ${changesText(counts.total)} not synced` : ''}`;
  return (
    <Link to="/sync" className={className} onClick={onNavigate} aria-label={read === undefined ? undefined : label}>
      Sync Center
      {read !== undefined && (
        <span data-state={state} className={classes.rowState}>
          · {words}
        </span>
      )}
      {badge && (
        <span className={classes.rowBadge} aria-hidden="true" data-testid="sync-row-badge">
          {badge}
        </span>
      )}
    </Link>
  );
}
