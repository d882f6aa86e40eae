import { describe, expect, it } from 'vitest';
import { bitsToDays, clockText, daysText, daysToBits, scheduleText } from '@/features/access-codes/schedule.ts';
import { zoneText } from '@/lib/time-zone.ts';

describe('guest schedules', () => {
  it('stores weekdays as one bit each, Monday the lowest, and reads them back Monday first', () => {
    expect(daysToBits([1, 2, 3, 4, 5])).toBe(31);
    expect(daysToBits([7, 6])).toBe(96);
    expect(daysToBits([1, 1, 3])).toBe(5);
    expect(bitsToDays(96)).toEqual([6, 7]);
    expect(bitsToDays(127)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (let bits = 1; bits <= 127; bits += 1) expect(daysToBits(bitsToDays(bits))).toBe(bits);
  });

  it('names the days as people say them: the usual sets by name, runs of three or more as ranges', () => {
    expect(daysText(31)).toBe('Weekdays');
    expect(daysText(96)).toBe('Weekends');
    expect(daysText(127)).toBe('Every day');
    expect(daysText(daysToBits([1, 3, 5]))).toBe('Mon, Wed, Fri');
    expect(daysText(daysToBits([1, 2, 3, 4]))).toBe('Mon–Thu');
    expect(daysText(daysToBits([1, 2, 4, 5, 6]))).toBe('Mon, Tue, Thu–Sat');
    expect(daysText(daysToBits([7]))).toBe('Sun');
  });

  it("reads the window in 24-hour clock times, and names the home's zone when it is not the reader's", () => {
    expect(clockText('09:00:00')).toBe('9:00');
    expect(clockText('17:30')).toBe('17:30');
    expect(clockText('00:05:00')).toBe('0:05');
    const office = { schedule_days: 31, schedule_start: '09:00:00', schedule_end: '17:00:00' };
    expect(scheduleText(office)).toBe('Weekdays 9:00–17:00');
    expect(scheduleText(office, 'America/New_York', 'America/New_York')).toBe('Weekdays 9:00–17:00');
    expect(scheduleText(office, 'America/New_York', 'Europe/Berlin')).toBe('Weekdays 9:00–17:00 (New York time)');
    expect(scheduleText({ schedule_days: 96, schedule_start: null, schedule_end: null }, 'UTC', 'Europe/Berlin')).toBe('Weekends (UTC)');
    expect(scheduleText({ schedule_days: null })).toBeNull();
    expect(scheduleText({})).toBeNull();
    expect(zoneText('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneText('Etc/UTC')).toBe('UTC');
    expect(zoneText('Etc/GMT-5')).toBe('UTC+5');
    expect(zoneText('Etc/GMT+11')).toBe('UTC-11');
  });
});
