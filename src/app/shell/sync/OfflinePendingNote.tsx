import { useAuth } from '@/features/auth';
import { changesText, isReadError, useSyncCounts } from '@/features/sync-center/live.ts';

/** The offline badge's second half for a signed-in user: how many of their changes wait. */
export default function OfflinePendingNote() {
  const userId = useAuth((state) => state.user?.id ?? null);
  const read = useSyncCounts(userId);
  if (read === undefined || isReadError(read) || read.total === 0) return null;
  return <span data-testid="offline-pending"> · {changesText(read.total)} waiting to sync</span>;
}
