import { useEffect } from 'react';
import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router';

// What each browser says when a dynamically imported chunk cannot be fetched (Chromium, Safari, Firefox).
const CHUNK_FAILED = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
const RELOADED_AT = 'garage-chunk-reload';
const AGAIN_AFTER_MS = 30_000;

export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_FAILED.test(error.message);

/** Reload at most once in a while: a chunk that fails again is not fixed by reloading in a loop. */
function mayReload(now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now - last < AGAIN_AFTER_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * The router's error screen. A page part whose code could not be fetched (a request cut off on
 * poor signal, aborted under load) leaves the browser's module map holding the failure, so the
 * page cannot recover by itself: it is loaded once more, online; offline, or a second time within
 * 30 s, the user is told and can reload. Any other error keeps the router's own screen.
 */
export function RouteError(props: ErrorComponentProps) {
  const chunk = isChunkLoadError(props.error);
  // In an effect, not while rendering: a render React throws away must not use up the reload.
  useEffect(() => {
    if (chunk && navigator.onLine !== false && mayReload(Date.now())) window.location.reload();
  }, [chunk]);
  if (!chunk) return <ErrorComponent {...props} />;
  return (
    <div role="alert" style={{ padding: 24, textAlign: 'center' }}>
      <p>This page could not be loaded. Check your connection, then reload.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
