// "5 minutes ago": how long ago something happened, in words, for lists and detail dialogs.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

// Largest unit first; a unit is used once at least one whole of it has passed.
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * "just now" under a minute, else whole units rounded down ("5 minutes ago", "1 day ago"), so it
 * never says more time has passed than has. A time a little ahead of this device's clock (a
 * server's) also reads "just now"; further ahead it reads "in 5 minutes".
 */
export function formatTimeAgo(date: Date | string | number, now: number = Date.now()): string {
  const elapsed = now - new Date(date).getTime();
  if (Number.isNaN(elapsed)) return '';
  const size = Math.abs(elapsed);
  for (const [unit, ms] of UNITS) {
    if (size >= ms) return rtf.format(Math.sign(-elapsed) * Math.floor(size / ms), unit);
  }
  return 'just now';
}

/**
 * How often a time-ago text needs refreshing: its wording changes every minute in the first hour,
 * then every hour; refreshing more often would only re-render the same words.
 */
export function timeAgoRefreshMs(date: Date | string | number, now: number = Date.now()): number {
  const elapsed = Math.abs(now - new Date(date).getTime());
  if (elapsed < HOUR) return 15 * SECOND;
  if (elapsed < DAY) return 5 * MINUTE;
  return HOUR;
}
