import { describe, expect, it } from 'vitest';
import { doorActionFor, doorStateText, doorUnavailableReason, hasDoor, nextDoorChange, shownStatus, unitReachable, UNIT_SILENT_AFTER_MS } from '@/features/devices/door.ts';

const now = Date.parse('2026-11-27T10:00:00Z');
const seen = (msAgo: number) => new Date(now - msAgo).toISOString();

describe('the door of an indoor unit', () => {
  it('only indoor units have a door', () => {
    expect(hasDoor({ device_type: 'indoor_unit' })).toBe(true);
    expect(hasDoor({ device_type: 'outdoor_unit' })).toBe(false);
    expect(hasDoor({ device_type: 'backup_battery' })).toBe(false);
  });

  it('a unit is reachable while online and heard from within 90 s', () => {
    expect(unitReachable({ status: 'online', last_seen: seen(1_000) }, now)).toBe(true);
    expect(unitReachable({ status: 'online', last_seen: seen(UNIT_SILENT_AFTER_MS - 1) }, now)).toBe(true);
    expect(unitReachable({ status: 'online', last_seen: seen(UNIT_SILENT_AFTER_MS) }, now)).toBe(false);
    expect(unitReachable({ status: 'online', last_seen: null }, now)).toBe(false);
    expect(unitReachable({ status: 'offline', last_seen: seen(1_000) }, now)).toBe(false);
  });

  it('the one button closes an open, opening or stopped door and opens every other (a close under way is reversed)', () => {
    expect(doorActionFor('open')).toBe('close');
    expect(doorActionFor('opening')).toBe('close');
    expect(doorActionFor('stopped')).toBe('close');
    expect(doorActionFor('closed')).toBe('open');
    expect(doorActionFor('closing')).toBe('open');
    expect(doorActionFor('closing_soon')).toBe('open');
    expect(doorActionFor(null)).toBe('open');
  });

  it('says the state in words and counts the close warning down', () => {
    expect(doorStateText('closed', null, now)).toBe('Closed');
    expect(doorStateText('opening', null, now)).toBe('Opening…');
    expect(doorStateText('closing_soon', seen(0), now)).toBe('Closing in 5 s…');
    expect(doorStateText('closing_soon', seen(2_100), now)).toBe('Closing in 3 s…');
    expect(doorStateText('closing_soon', seen(9_000), now)).toBe('Closing in 1 s…');
    expect(doorStateText('closing', null, now)).toBe('Closing…');
    expect(doorStateText(undefined, null, now)).toBe('Unknown');
  });

  it('says why a command cannot be sent: offline first, then the unit', () => {
    const live = { status: 'online' as const, last_seen: seen(1_000) };
    expect(doorUnavailableReason(live, true, now)).toBeNull();
    expect(doorUnavailableReason(live, false, now)).toMatch(/^You are offline/);
    expect(doorUnavailableReason({ status: 'online', last_seen: seen(120_000) }, true, now)).toMatch(/^The unit is offline/);
    expect(doorUnavailableReason({ status: 'maintenance', last_seen: seen(1_000) }, true, now)).toMatch(/maintenance mode/);
    expect(doorUnavailableReason({ status: 'error', last_seen: seen(1_000) }, true, now)).toMatch(/reports an error/);
  });
});

describe('shownStatus', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  const seen = (ago: number) => new Date(now - ago).toISOString();
  it('reads a heartbeating unit silent past the limit as offline, and every other status as stored', () => {
    expect(shownStatus({ device_type: 'indoor_unit', status: 'online', last_seen: seen(UNIT_SILENT_AFTER_MS - 1) }, now)).toBe('online');
    expect(shownStatus({ device_type: 'indoor_unit', status: 'online', last_seen: seen(UNIT_SILENT_AFTER_MS) }, now)).toBe('offline');
    expect(shownStatus({ device_type: 'outdoor_unit', status: 'online', last_seen: null }, now)).toBe('offline');
    expect(shownStatus({ device_type: 'outdoor_unit', status: 'maintenance', last_seen: seen(3_600_000) }, now)).toBe('maintenance');
    expect(shownStatus({ device_type: 'backup_battery', status: 'online', last_seen: seen(3_600_000) }, now)).toBe('online');
  });
});

describe('nextDoorChange', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  const quiet = { status: 'online' as const, last_seen: at(10_000), door_state: 'closed' as const, door_state_at: at(60_000) };

  it('wakes when the unit falls silent, not before, and never for a unit already silent or offline', () => {
    expect(nextDoorChange(quiet, now)).toBe(UNIT_SILENT_AFTER_MS - 10_000);
    expect(nextDoorChange({ ...quiet, last_seen: at(UNIT_SILENT_AFTER_MS + 1) }, now)).toBeNull();
    expect(nextDoorChange({ ...quiet, status: 'offline' }, now)).toBeNull();
    expect(nextDoorChange({ ...quiet, last_seen: null }, now)).toBeNull();
  });

  it('wakes at each second of the closing countdown, then no more for it', () => {
    expect(nextDoorChange({ ...quiet, door_state: 'closing_soon', door_state_at: at(1_300) }, now)).toBe(700);
    expect(nextDoorChange({ ...quiet, door_state: 'closing_soon', door_state_at: at(0) }, now)).toBe(1_000);
    // A report stamped slightly ahead of this clock still counts down by whole seconds.
    expect(nextDoorChange({ ...quiet, door_state: 'closing_soon', door_state_at: at(-250) }, now)).toBe(250);
    expect(nextDoorChange({ ...quiet, door_state: 'closing_soon', door_state_at: at(6_000) }, now)).toBe(UNIT_SILENT_AFTER_MS - 10_000);
    // Each wake lands where the text changes.
    const since = at(1_300);
    expect(doorStateText('closing_soon', since, now)).toBe('Closing in 4 s…');
    expect(doorStateText('closing_soon', since, now + 699)).toBe('Closing in 4 s…');
    expect(doorStateText('closing_soon', since, now + 700)).toBe('Closing in 3 s…');
  });
});
