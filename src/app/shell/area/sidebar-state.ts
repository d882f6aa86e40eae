import { useCallback, useState } from 'react';

// The dashboards' sidebar remembers whether it is open for 7 days, in a cookie every page of the
// site can read: `sidebar_state=true` (open) or `false` (collapsed to icons).
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** The stored state: true open, false collapsed, null when never set (or unreadable). */
export function readSidebarOpen(cookie: string): boolean | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

/** The cookie that keeps the state for 7 days (Secure when the site is served over HTTPS). */
export function sidebarCookie(open: boolean, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function storedOpen(): boolean {
  if (typeof document === 'undefined') return true;
  return readSidebarOpen(document.cookie) ?? true;
}

/**
 * Whether the desktop sidebar is collapsed, read from the cookie when the shell mounts (so a
 * reload keeps it) and written on every change.
 */
export function useSidebarCollapsed(): [boolean, (next: boolean | ((collapsed: boolean) => boolean)) => void] {
  const [collapsed, setState] = useState(() => !storedOpen());
  const setCollapsed = useCallback((next: boolean | ((collapsed: boolean) => boolean)) => {
    setState((current) => {
      const value = typeof next === 'function' ? next(current) : next;
      document.cookie = sidebarCookie(!value, window.location.protocol === 'https:');
      return value;
    });
  }, []);
  return [collapsed, setCollapsed];
}
