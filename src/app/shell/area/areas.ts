import type { ComponentType } from 'react';
import type { Role } from '@/features/auth';
import {
  IconBell,
  IconBook,
  IconBuildingWarehouse,
  IconCash,
  IconDeviceDesktopAnalytics,
  IconFileText,
  IconHome,
  IconKey,
  IconLifebuoy,
  IconListDetails,
  IconPackage,
  IconRouter,
  IconSettings,
  IconShoppingBag,
} from '@tabler/icons-react';

export interface AreaNavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  /** Shown only to these roles (e.g. the way back to /admin from the support dashboard). */
  onlyFor?: Role[];
  /** The sidebar group the entry sits in, under this heading (the admin sidebar has two). */
  group?: string;
  /** A live count shown on the entry: the user's unread notifications. */
  badge?: 'unread-notifications';
}

export interface AreaConfig {
  /** Header title, e.g. 'User Dashboard'. */
  title: string;
  /** Shown in the sidebar when the profile has no first name ('User'; 'Admin' in the admin area). */
  nameFallback: string;
  /** The area's own root: highlighted on exact match only, others by prefix. */
  root: string;
  nav: AreaNavItem[];
}

export const CUSTOMER_AREA: AreaConfig = {
  title: 'User Dashboard',
  nameFallback: 'User',
  root: '/dashboard',
  nav: [
    { to: '/dashboard', label: 'Overview', icon: IconHome },
    { to: '/dashboard/devices', label: 'Devices', icon: IconRouter },
    { to: '/dashboard/access', label: 'Access Permissions', icon: IconKey },
    { to: '/dashboard/notifications', label: 'Notifications', icon: IconBell, badge: 'unread-notifications' },
    { to: '/dashboard/orders', label: 'Orders', icon: IconPackage },
    { to: '/dashboard/settings', label: 'Settings', icon: IconSettings },
    { to: '/support', label: 'Support Center', icon: IconLifebuoy },
    { to: '/products', label: 'Shop', icon: IconShoppingBag },
  ],
};

// The admin sidebar in two groups: 'Overview' (Mission Control) and 'Administration' (the rest).
export const ADMIN_AREA: AreaConfig = {
  title: 'Admin Dashboard',
  nameFallback: 'Admin',
  root: '/admin',
  nav: [
    { to: '/admin', label: 'Mission Control', icon: IconDeviceDesktopAnalytics, group: 'Overview' },
    { to: '/admin/inventory', label: 'Inventory', icon: IconBuildingWarehouse, group: 'Administration' },
    { to: '/admin/financial', label: 'Financial', icon: IconCash, group: 'Administration' },
    { to: '/admin/logs', label: 'Access Logs', icon: IconListDetails, group: 'Administration' },
    { to: '/admin/cms', label: 'Content', icon: IconFileText, group: 'Administration' },
    { to: '/support/dashboard', label: 'Support Dashboard', icon: IconLifebuoy, group: 'Administration' },
    { to: '/admin/settings', label: 'Settings', icon: IconSettings, group: 'Administration' },
  ],
};

export const SUPPORT_AREA: AreaConfig = {
  title: 'Support Dashboard',
  nameFallback: 'User',
  root: '/support/dashboard',
  nav: [
    { to: '/support/dashboard', label: 'Tickets & Articles', icon: IconBook },
    // Support may read the access logs and write content; those pages open in this shell for them.
    { to: '/admin/logs', label: 'Access Logs', icon: IconListDetails },
    { to: '/admin/cms', label: 'Content', icon: IconFileText },
    { to: '/admin', label: 'Admin Dashboard', icon: IconDeviceDesktopAnalytics, onlyFor: ['admin'] },
    { to: '/support/dashboard/settings', label: 'Settings', icon: IconSettings },
  ],
};

/** Exact match for the area root, prefix match for the other entries. */
export function isNavItemActive(item: AreaNavItem, root: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.to === root) return path === root;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/** The label under the user's name in the sidebar: 'Customer' on the dashboard, 'Administrator' for admins. */
export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', support: 'Support', admin: 'Administrator' };

export interface AreaNavGroup {
  /** The group's heading; null for entries outside any group (the customer and support sidebars). */
  heading: string | null;
  items: AreaNavItem[];
}

/** The entries in their groups, in the order the groups first appear; consecutive runs share one group. */
export function groupNavItems(items: readonly AreaNavItem[]): AreaNavGroup[] {
  const groups: AreaNavGroup[] = [];
  for (const item of items) {
    const heading = item.group ?? null;
    const last = groups.at(-1);
    if (last && last.heading === heading) last.items.push(item);
    else groups.push({ heading, items: [item] });
  }
  return groups;
}

// Re-exported for the area shell; the guards import it from its own module (no icons at start-up).
export { adminPageRule, type AdminPageRule } from './admin-page-rule.ts';
