import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouteError } from '@/app/shell/RouteError.tsx';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/Footer-abc.js');
const reset = () => undefined;

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as unknown as Location);
});
afterEach(() => vi.restoreAllMocks());

describe('the router error screen', () => {
  it('reloads once when a chunk could not be fetched, then says so and offers Reload', () => {
    const first = render(<RouteError error={chunkError()} reset={reset} />);
    expect(reload).toHaveBeenCalledTimes(1);
    first.unmount();

    // The reloaded page fails again at once: no loop, words and a button instead.
    render(<RouteError error={chunkError()} reset={reset} />);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline, does not reload (the chunk would fail again): it says so', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<RouteError error={chunkError()} reset={reset} />);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Check your connection');
  });

  it("keeps the router's own screen for any other error", () => {
    render(<RouteError error={new Error('boom')} reset={reset} />);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('Something went wrong!')).toBeTruthy();
  });
});
