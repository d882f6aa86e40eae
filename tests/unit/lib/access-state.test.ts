import { describe, expect, it } from 'vitest';
import { accessState, canRevoke, isExpired, nextExpiry, usesLeft, type PermissionFacts } from '@/lib/access-state.ts';
import { expiryText, shareText, usesText } from '@/features/access-codes/format.ts';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const PAST = '2026-11-20T12:00:00.000Z';
const FUTURE = '2026-11-22T12:00:00.000Z';
const code = (over: Partial<PermissionFacts> = {}): PermissionFacts => ({ is_active: true, expires_at: null, max_usage: null, usage_count: 0, ...over });

describe('accessState', () => {
  it('is Active while active, unexpired and under its limit', () => {
    expect(accessState(code(), NOW)).toBe('active');
    expect(accessState(code({ expires_at: FUTURE, max_usage: 5, usage_count: 4 }), NOW)).toBe('active');
  });

  it('checks Expired, then Limit Reached, then Revoked, in that order', () => {
    expect(accessState(code({ expires_at: PAST, max_usage: 2, usage_count: 2, is_active: false }), NOW)).toBe('expired');
    expect(accessState(code({ expires_at: FUTURE, max_usage: 2, usage_count: 2, is_active: false }), NOW)).toBe('limit_reached');
    expect(accessState(code({ max_usage: 2, usage_count: 1, is_active: false }), NOW)).toBe('revoked');
    expect(accessState(code({ expires_at: PAST }), NOW)).toBe('expired');
    expect(accessState(code({ max_usage: 4, usage_count: 5 }), NOW)).toBe('limit_reached');
  });

  it('counts a code as expired from the instant of its expiry (the clock is passed in)', () => {
    const at = code({ expires_at: '2026-11-21T12:00:00.000Z' });
    expect(isExpired(at, NOW - 1)).toBe(false);
    expect(accessState(at, NOW - 1)).toBe('active');
    expect(accessState(at, NOW)).toBe('expired');
  });

  it('offers Revoke only for an active code', () => {
    expect(canRevoke(code(), NOW)).toBe(true);
    expect(canRevoke(code({ is_active: false }), NOW)).toBe(false);
    expect(canRevoke(code({ expires_at: PAST }), NOW)).toBe(false);
    expect(canRevoke(code({ max_usage: 1, usage_count: 1 }), NOW)).toBe(false);
  });
});

describe('uses and expiry', () => {
  it('counts the uses left, never below zero; unlimited is null', () => {
    expect(usesLeft(code({ max_usage: 20, usage_count: 3 }))).toBe(17);
    expect(usesLeft(code({ max_usage: 4, usage_count: 6 }))).toBe(0);
    expect(usesLeft(code())).toBeNull();
    expect(usesText(code({ max_usage: 20, usage_count: 3 }))).toBe('17 of 20 uses left');
    expect(usesText(code({ usage_count: 57 }))).toBe('Unlimited uses · used 57 times');
    expect(usesText(code({ usage_count: 1 }))).toBe('Unlimited uses · used 1 time');
  });

  it("says 'No expiry', 'Expires …' or 'Expired …'", () => {
    expect(expiryText(code(), NOW)).toBe('No expiry');
    expect(expiryText(code({ expires_at: FUTURE }), NOW)).toMatch(/^Expires Nov 2[12], 2026/);
    expect(expiryText(code({ expires_at: PAST }), NOW)).toMatch(/^Expired Nov (19|20), 2026/);
  });

  it('finds the next expiry after now, ignoring past ones and codes without expiry', () => {
    expect(nextExpiry([code(), code({ expires_at: PAST })], NOW)).toBeNull();
    expect(nextExpiry([code({ expires_at: FUTURE }), code({ expires_at: '2026-11-21T12:00:01.000Z' }), code({ expires_at: PAST })], NOW)).toBe(NOW + 1000);
  });

  it('writes the share text with the code, the door and the validity', () => {
    const text = shareText({ access_code: 'K7M2QX', expires_at: FUTURE, max_usage: 20, usage_count: 3 }, 'Main Garage');
    expect(text.split('\n')).toEqual(['GarageGuard access code: K7M2QX', 'Door: Main Garage', expect.stringMatching(/^Valid until Nov 2[12], 2026, .+ · 17 uses left$/)]);
    expect(shareText({ access_code: 'P8HN3T', expires_at: null, max_usage: null, usage_count: 9 }, 'Side door').split('\n')[2]).toBe('No expiry');
    expect(shareText({ access_code: 'W8CE4P', expires_at: null, max_usage: 1, usage_count: 0 }, 'Side door').split('\n')[2]).toBe('1 use left');
  });

  it('tells the holder when a scheduled code opens the door, in the home\'s time', () => {
    const scheduled = { access_code: 'H3XQ7N', expires_at: null, max_usage: null, usage_count: 0, schedule_days: 31, schedule_start: '09:00:00', schedule_end: '17:00:00' };
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(shareText(scheduled, 'Garage', here).split('\n')).toEqual(['GarageGuard access code: H3XQ7N', 'Door: Garage', 'Opens: Weekdays 9:00–17:00', 'No expiry']);
    const away = here === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    expect(shareText(scheduled, 'Garage', away).split('\n')[2]).toBe(`Opens: Weekdays 9:00–17:00 (${away.split('/')[1]} time)`);
  });
});
