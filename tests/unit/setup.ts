import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadedSupabase } from '@/lib/load-supabase.ts';
import { failOnUnexpectedConsoleError, watchConsoleError } from './support/console.ts';

// findBy*/waitFor wait for a state; their default deadline (1 s) is too short when the machine is
// loaded (CI's two cores running other suites): a passing test is no slower with a longer one.
configure({ asyncUtilTimeout: 20_000 });

// A test file may ask for the node environment (`@vitest-environment node`): no DOM to shim.
if (typeof window !== 'undefined') {
  // jsdom lacks these browser APIs that Mantine and the router use.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  class ResizeObserverShim {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverShim as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  // jsdom reports its scrollTo as "not implemented" through console.error; the router scrolls to
  // the top on every navigation.
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}

// A console.error fails the test: React warnings (act, keys, hydration), failed requests and
// caught errors all log that way. A test whose behaviour is the log says so with
// expectConsoleError() from ./support/console.ts.
beforeEach(() => watchConsoleError());
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  failOnUnexpectedConsoleError();
});

// A component that opened a Realtime channel (a ticket's typing indicator) leaves supabase-js
// retrying its socket against a server the unit tests do not run; a retry that fired after the
// file's DOM was torn down failed the run with an unhandled rejection ("WebSocket not available").
afterAll(() => {
  loadedSupabase()?.realtime?.disconnect();
});
