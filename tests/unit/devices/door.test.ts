import { describe, expect, it } from 'vitest';
import { doorActionFor, doorStateText, doorUnavailableReason, hasDoor, unitReachable, UNIT_SILENT_AFTER_MS } from '@/features/devices/door.ts';

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
