// Guest schedules: the weekdays a code opens the door on, and an optional daily window, in the
// home's time zone (the device's time_zone). The server enforces them at redemption; here they are
// made from the form and read out on the card and in the shared message.
// Days travel as one number, a bit per ISO weekday (Monday 1, Tuesday 2, … Sunday 64), as
// public.access_permissions.schedule_days stores them.
import { zoneText } from '@/lib/time-zone.ts';

export interface ScheduleFacts {
  schedule_days?: number | null;
  schedule_start?: string | null;
  schedule_end?: string | null;
}

/** ISO weekday numbers, Monday first, with the short names the form and the card use. */
export const WEEKDAYS = [
  { day: 1, short: 'Mon' },
  { day: 2, short: 'Tue' },
  { day: 3, short: 'Wed' },
  { day: 4, short: 'Thu' },
  { day: 5, short: 'Fri' },
  { day: 6, short: 'Sat' },
  { day: 7, short: 'Sun' },
] as const;

const WORKWEEK = 0b0011111;
const WEEKEND = 0b1100000;
const EVERY_DAY = 0b1111111;

/** ISO weekday numbers → the stored bits: [1, 2, 3, 4, 5] → 31. */
export function daysToBits(days: readonly number[]): number {
  return days.reduce((bits, day) => bits | (1 << (day - 1)), 0);
}

/** The stored bits → ISO weekday numbers, Monday first: 96 → [6, 7]. */
export function bitsToDays(bits: number): number[] {
  return WEEKDAYS.filter(({ day }) => (bits >> (day - 1)) & 1).map(({ day }) => day);
}

/** 'Weekdays', 'Weekends', 'Every day', 'Mon–Thu', 'Mon, Wed, Fri' (a run of three or more days reads as a range). */
export function daysText(bits: number): string {
  if (bits === WORKWEEK) return 'Weekdays';
  if (bits === WEEKEND) return 'Weekends';
  if (bits === EVERY_DAY) return 'Every day';
  const days = bitsToDays(bits);
  const parts: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j += 1;
    const name = (day: number) => WEEKDAYS[day - 1]!.short;
    if (j - i >= 2) parts.push(`${name(days[i]!)}–${name(days[j]!)}`);
    else for (let k = i; k <= j; k += 1) parts.push(name(days[k]!));
    i = j + 1;
  }
  return parts.join(', ');
}

/** '09:00:00' or '09:00' → '9:00' (24-hour, as garage apps show opening hours). */
export function clockText(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return `${Number(hours)}:${minutes}`;
}

/**
 * 'Weekdays 9:00–17:00', 'Weekends' (all day), or null for a code without a schedule. With a time
 * zone other than the reader's, the zone follows: 'Weekdays 9:00–17:00 (New York time)'.
 */
export function scheduleText(facts: ScheduleFacts, timeZone?: string, readerZone?: string): string | null {
  if (facts.schedule_days == null) return null;
  const hours = facts.schedule_start && facts.schedule_end ? ` ${clockText(facts.schedule_start)}–${clockText(facts.schedule_end)}` : '';
  const zone = timeZone && readerZone && timeZone !== readerZone ? ` (${zoneText(timeZone)})` : '';
  return `${daysText(facts.schedule_days)}${hours}${zone}`;
}
