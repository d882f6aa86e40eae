import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE, OfflineIndicator } from '@/app/pwa/OfflineIndicator.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineIndicator', () => {
  afterEach(() => setOnline(true));

  it('announces going offline in a status region and clears it when back online', () => {
    setOnline(true);
    render(<OfflineIndicator />);
    const region = screen.getByRole('status');
    expect(region).toHaveProperty('textContent', '');

    act(() => setOnline(false));
    expect(region.textContent).toBe(OFFLINE_MESSAGE);
    expect(screen.getByText('You are offline — showing saved content')).toBeTruthy();

    act(() => setOnline(true));
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
  });

  it('shows the badge immediately when the page starts offline', () => {
    setOnline(false);
    render(<OfflineIndicator />);
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_MESSAGE);
  });
});
