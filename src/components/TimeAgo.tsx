import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatTimeAgo, timeAgoRefreshMs } from '@/lib/time-ago.ts';

const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// What a prerendered page shows before its script runs: the day, the same wherever it is built.
const buildDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server or hydrates a prerendered page, true afterwards (and
 * for any page rendered in the browser). Relative words and local times depend on when and where
 * they are rendered, so they wait for it: hydration must produce exactly the prerendered HTML.
 */
function useRenderedInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** "5 minutes ago" for `date`, re-rendered as the words change (each minute, then each hour). */
export function useTimeAgo(date: Date | string | number): string {
  const [now, setNow] = useState(() => Date.now());
  const refreshMs = timeAgoRefreshMs(date, now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  return formatTimeAgo(date, now);
}

interface TimeAgoProps {
  date: Date | string | number;
  /** Words before the time: 'Created' gives "Created 5 minutes ago". */
  prefix?: string;
}

/**
 * A `<time>` element: the relative words on screen, the exact instant in `dateTime`, and the full
 * date and time as its title (shown on hover) for anyone who needs it.
 */
export function TimeAgo({ date, prefix }: TimeAgoProps) {
  const relative = useTimeAgo(date);
  const inBrowser = useRenderedInBrowser();
  const instant = new Date(date);
  const valid = !Number.isNaN(instant.getTime());
  const words = inBrowser || !valid ? relative : `on ${buildDate.format(instant)}`;
  return (
    <time dateTime={valid ? instant.toISOString() : undefined} title={valid && inBrowser ? fullDate.format(instant) : undefined}>
      {prefix ? `${prefix} ${words}` : words}
    </time>
  );
}
