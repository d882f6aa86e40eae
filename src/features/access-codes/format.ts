// How access permissions read on screen and in a shared message (en-US, visitor's time zone).
import { isExpired, usesLeft, type PermissionFacts } from '@/lib/access-state.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { scheduleText, type ScheduleFacts } from './schedule.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 10:00 AM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** 'Expires Nov 21, 2026, 10:00 AM', 'Expired …' once past, or 'No expiry'. */
export function expiryText(permission: Pick<PermissionFacts, 'expires_at'>, now: number): string {
  if (permission.expires_at === null) return 'No expiry';
  return `${isExpired(permission, now) ? 'Expired' : 'Expires'} ${formatDateTime(permission.expires_at)}`;
}

const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/** '3 of 20 uses left', or 'Unlimited uses · used 57 times'. */
export function usesText(permission: Pick<PermissionFacts, 'max_usage' | 'usage_count'>): string {
  const left = usesLeft(permission);
  if (left === null) return `Unlimited uses · used ${times(permission.usage_count)}`;
  return `${left} of ${permission.max_usage} uses left`;
}

/** A permission type as a label: 'delivery' → 'Delivery'. */
export function typeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

export interface ShareFacts extends Pick<PermissionFacts, 'expires_at' | 'max_usage' | 'usage_count'>, ScheduleFacts {
  access_code: string;
}

/**
 * The message a holder receives: the code, the door it opens, when it opens it (a schedule, read
 * in the home's time zone) and how long it is good for ('Valid until …' and/or 'N uses left';
 * 'No expiry' when neither limits it).
 */
export function shareText(permission: ShareFacts, deviceName: string, timeZone?: string): string {
  const validity: string[] = [];
  if (permission.expires_at !== null) validity.push(`Valid until ${formatDateTime(permission.expires_at)}`);
  const left = usesLeft(permission);
  if (left !== null) validity.push(`${left} ${left === 1 ? 'use' : 'uses'} left`);
  const schedule = scheduleText(permission, timeZone, browserTimeZone());
  return [
    `GarageGuard access code: ${permission.access_code}`,
    `Door: ${deviceName}`,
    ...(schedule ? [`Opens: ${schedule}`] : []),
    validity.length ? validity.join(' · ') : 'No expiry',
  ].join('\n');
}
