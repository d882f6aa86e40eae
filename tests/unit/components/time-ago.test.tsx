import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { formatTimeAgo, timeAgoRefreshMs } from '@/lib/time-ago.ts';
import { renderWithProviders } from '@/test/render.tsx';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => NOW - ms;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatTimeAgo', () => {
  it('words the time since, in whole units rounded down', () => {
    expect(formatTimeAgo(ago(10_000), NOW)).toBe('just now');
    expect(formatTimeAgo(ago(MINUTE), NOW)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(5 * MINUTE + 50_000), NOW)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * HOUR), NOW)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatTimeAgo(ago(15 * DAY), NOW)).toBe('2 weeks ago');
    expect(formatTimeAgo(ago(65 * DAY), NOW)).toBe('2 months ago');
    expect(formatTimeAgo(ago(800 * DAY), NOW)).toBe('2 years ago');
  });

  it('takes ISO strings (as rows carry them) and Dates', () => {
    expect(formatTimeAgo('2026-11-23T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(formatTimeAgo(new Date('2026-11-22T12:00:00Z'), NOW)).toBe('1 day ago');
  });

  it('reads a time slightly ahead of this clock as just now, further ahead as future', () => {
    expect(formatTimeAgo(NOW + 20_000, NOW)).toBe('just now');
    expect(formatTimeAgo(NOW + 5 * MINUTE, NOW)).toBe('in 5 minutes');
  });

  it('gives no words for an invalid date', () => {
    expect(formatTimeAgo('not a date', NOW)).toBe('');
  });

  it('refreshes often only while the wording changes often', () => {
    expect(timeAgoRefreshMs(ago(5 * MINUTE), NOW)).toBeLessThanOrEqual(MINUTE);
    expect(timeAgoRefreshMs(ago(5 * HOUR), NOW)).toBeGreaterThan(MINUTE);
    expect(timeAgoRefreshMs(ago(5 * DAY), NOW)).toBe(HOUR);
  });
});

describe('TimeAgo', () => {
  afterEach(() => vi.useRealTimers());

  it('renders "Created X ago" in a time element with the exact instant', () => {
    vi.useFakeTimers({ now: NOW });
    renderWithProviders(<TimeAgo date="2026-11-23T11:55:00Z" prefix="Created" />);
    const time = screen.getByText('Created 5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-23T11:55:00.000Z');
    expect(time.getAttribute('title')).toMatch(/Nov 23, 2026/);
  });

  it('refreshes its words as time passes', () => {
    vi.useFakeTimers({ now: NOW });
    renderWithProviders(<TimeAgo date={NOW - 30_000} />);
    expect(screen.getByText('just now')).toBeTruthy();
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(screen.getByText('1 minute ago')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2 * HOUR));
    expect(screen.getByText('2 hours ago')).toBeTruthy();
  });

  it('prerenders the UTC day, hydrates to exactly that, then shows the relative words', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const html = renderToString(<TimeAgo date="2026-11-20T23:30:00Z" prefix="Created" />);
    expect(html).toContain('Created on Nov 20, 2026');
    expect(html).not.toContain('title=');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <TimeAgo date="2026-11-20T23:30:00Z" prefix="Created" />, { onRecoverableError: (error) => void recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('Created 2 days ago');
    expect(container.querySelector('time')?.getAttribute('title')).toMatch(/Nov 2[01], 2026/);
    container.remove();
  });
});
