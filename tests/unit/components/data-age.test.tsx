import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DataAge } from '@/components/DataAge.tsx';
import { syncStatus } from '@/db/sync/status.ts';
import { renderWithProviders } from '@/test/render.tsx';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const MINUTE = 60_000;

afterEach(() => {
  syncStatus.setState({ online: true });
  vi.useRealTimers();
});

const ageText = () => screen.getByTestId('data-age').textContent;

describe('DataAge', () => {
  it('says how old the answer on screen is, with the exact time in the <time> element', () => {
    vi.useFakeTimers({ now: NOW });
    renderWithProviders(<DataAge updatedAt={NOW - 5 * MINUTE} />);
    expect(ageText()).toBe('Updated 5 minutes ago');
    expect(screen.getByText('Updated 5 minutes ago').getAttribute('datetime')).toBe('2026-11-23T11:55:00.000Z');
  });

  it('keeps counting while the screen stays open', () => {
    vi.useFakeTimers({ now: NOW });
    renderWithProviders(<DataAge updatedAt={NOW - 30_000} />);
    expect(ageText()).toBe('Updated just now');
    act(() => vi.advanceTimersByTime(2 * MINUTE));
    expect(ageText()).toBe('Updated 2 minutes ago');
  });

  it('offline, says the screen shows saved data, and drops the hint when the connection returns', () => {
    vi.useFakeTimers({ now: NOW });
    syncStatus.setState({ online: false });
    renderWithProviders(<DataAge updatedAt={NOW - 3 * 60 * MINUTE} />);
    expect(ageText()).toBe('Updated 3 hours ago · Offline — showing saved data');
    act(() => syncStatus.setState({ online: true }));
    expect(ageText()).toBe('Updated 3 hours ago');
  });

  it('online, says when a refresh failed and the previous answer is what is shown', () => {
    vi.useFakeTimers({ now: NOW });
    renderWithProviders(<DataAge updatedAt={NOW - 10 * MINUTE} failed />);
    expect(ageText()).toBe('Updated 10 minutes ago · Could not refresh — showing saved data');
  });

  it('shows nothing while there is no answer yet', () => {
    renderWithProviders(<DataAge updatedAt={0} />);
    expect(screen.queryByTestId('data-age')).toBeNull();
  });
});
