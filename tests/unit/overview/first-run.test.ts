import { beforeEach, describe, expect, it } from 'vitest';
import { firstRunDone, firstRunSteps, noteShopExplored } from '@/features/overview/first-run.ts';

const USER = '00000000-0000-4000-8000-00000000abcd';
const none = { devices: 0, guestCodes: 0, orders: 0 };

beforeEach(() => localStorage.clear());

describe('first-run checklist', () => {
  it('starts with nothing done for a new customer', () => {
    const steps = firstRunSteps(none, USER);
    expect(steps).toEqual({ device: false, guestCode: false, shop: false });
    expect(firstRunDone(steps, USER)).toBe(false);
  });

  it('ticks each step from the data; the shop also by following the link', () => {
    expect(firstRunSteps({ devices: 1, guestCodes: 0, orders: 0 }, USER)).toEqual({ device: true, guestCode: false, shop: false });
    expect(firstRunSteps({ devices: 0, guestCodes: 2, orders: 1 }, USER)).toEqual({ device: false, guestCode: true, shop: true });
    noteShopExplored(USER);
    expect(firstRunSteps(none, USER).shop).toBe(true);
    expect(firstRunSteps(none, 'someone-else').shop).toBe(false);
  });

  it('once all steps were done it stays done, even when a step is undone later (a code revoked)', () => {
    expect(firstRunDone(firstRunSteps({ devices: 1, guestCodes: 1, orders: 1 }, USER), USER)).toBe(true);
    expect(firstRunDone(firstRunSteps({ devices: 1, guestCodes: 0, orders: 1 }, USER), USER)).toBe(true);
  });
});
