import { useCallback, useState, useSyncExternalStore } from 'react';

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

const noSubscription = () => () => undefined;
const storedCollapsed = () => readSidebarOpen(document.cookie) === false;

/**
 * Whether the desktop sidebar is collapsed: the cookie's choice (so a reload keeps it) until the
 * user toggles it, each toggle written back. A prerendered shell is open and hydration keeps it so
 * (the server snapshot); a collapsed choice then applies at once.
 */
export function useSidebarCollapsed(): [boolean, (next: boolean | ((collapsed: boolean) => boolean)) => void] {
  const stored = useSyncExternalStore(noSubscription, storedCollapsed, () => false);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const collapsed = toggled ?? stored;
  const setCollapsed = useCallback(
    (next: boolean | ((collapsed: boolean) => boolean)) => {
      const value = typeof next === 'function' ? next(collapsed) : next;
      document.cookie = sidebarCookie(!value, window.location.protocol === 'https:');
      setToggled(value);
    },
    [collapsed],
  );
  return [collapsed, setCollapsed];
}
