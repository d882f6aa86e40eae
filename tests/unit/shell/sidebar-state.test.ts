import { describe, expect, it } from 'vitest';
import { readSidebarOpen, sidebarCookie } from '@/app/shell/area/sidebar-state.ts';

describe('the sidebar state cookie', () => {
  it('is sidebar_state=true|false for the whole site, 7 days, SameSite=Lax (Secure over HTTPS)', () => {
    expect(sidebarCookie(true, false)).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax');
    expect(sidebarCookie(false, true)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax; Secure');
  });

  it('reads back open, collapsed or never set', () => {
    expect(readSidebarOpen('a=1; sidebar_state=true; b=2')).toBe(true);
    expect(readSidebarOpen('sidebar_state=false')).toBe(false);
    expect(readSidebarOpen('other_sidebar_state=false')).toBeNull();
    expect(readSidebarOpen('sidebar_state=maybe')).toBeNull();
    expect(readSidebarOpen('')).toBeNull();
  });
});
