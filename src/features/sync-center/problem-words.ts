import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { classifySyncError, type SyncProblem } from '@/db/sync/problem.ts';
import { useSyncStatus } from '@/db/sync/status.ts';

/**
 * A failed sync attempt in the user's words: a sentence for the sync center, a few words for the
 * header. Never the error itself: its codes, hints and addresses mean nothing to a user.
 */
const WORDS: Record<SyncProblem, { sentence: string; short: string }> = {
  unreachable: { sentence: 'Couldn’t reach the server', short: 'Can’t reach server' },
  timeout: { sentence: 'The server didn’t answer in time', short: 'Server not answering' },
  session: { sentence: 'The server asked for a fresh sign-in, which is being renewed', short: 'Renewing sign-in' },
  server: { sentence: 'The server had a problem', short: 'Server problem' },
};

export const problemSentence = (problem: SyncProblem): string => WORDS[problem].sentence;
export const problemShort = (problem: SyncProblem): string => WORDS[problem].short;

/** "will retry in 4 s", "retrying now", or, when the part that failed keeps its own time, "will retry by itself". */
export function retryText(retryAt: number | null, now: number): string {
  if (retryAt === null) return 'will retry by itself';
  const seconds = Math.ceil((retryAt - now) / 1000);
  return seconds > 0 ? `will retry in ${seconds} s` : 'retrying now';
}

/** The current problem of this device's sync, or null: offline is a state of its own, not a problem. */
export function useSyncProblem(): { problem: SyncProblem; retryAt: number | null } | null {
  const { online, lastError, retryAt } = useSyncStatus(useShallow((state) => ({ online: state.online, lastError: state.lastError, retryAt: state.retryAt })));
  if (!online || lastError === null) return null;
  return { problem: classifySyncError(lastError), retryAt };
}

/**
 * The time now, again each second until `until` has passed (for a countdown). It starts from the
 * first render: give the component a `key` of `until`, so a new deadline starts a new count.
 */
export function useNowUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}
