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
}

export interface AreaConfig {
  /** Header title, e.g. spec §2 'User Dashboard'. */
  title: string;
  /** The area's own root: highlighted on exact match only (spec §2), others by prefix. */
  root: string;
  nav: AreaNavItem[];
}

export const CUSTOMER_AREA: AreaConfig = {
  title: 'User Dashboard',
  root: '/dashboard',
  nav: [
    { to: '/dashboard', label: 'Overview', icon: IconHome },
    { to: '/dashboard/devices', label: 'Devices', icon: IconRouter },
    { to: '/dashboard/access', label: 'Access', icon: IconKey },
    { to: '/dashboard/notifications', label: 'Notifications', icon: IconBell },
    { to: '/dashboard/orders', label: 'Orders', icon: IconPackage },
    { to: '/dashboard/settings', label: 'Settings', icon: IconSettings },
    { to: '/support', label: 'Support Center', icon: IconLifebuoy },
    { to: '/products', label: 'Shop', icon: IconShoppingBag },
  ],
};

export const ADMIN_AREA: AreaConfig = {
  title: 'Admin Panel',
  root: '/admin',
  nav: [
    { to: '/admin', label: 'Mission Control', icon: IconDeviceDesktopAnalytics },
    { to: '/admin/inventory', label: 'Inventory', icon: IconBuildingWarehouse },
    { to: '/admin/financial', label: 'Financial', icon: IconCash },
    { to: '/admin/logs', label: 'Access Logs', icon: IconListDetails },
    { to: '/admin/cms', label: 'Content', icon: IconFileText },
    { to: '/support/dashboard', label: 'Support Dashboard', icon: IconLifebuoy },
    { to: '/admin/settings', label: 'Settings', icon: IconSettings },
  ],
};

export const SUPPORT_AREA: AreaConfig = {
  title: 'Support Dashboard',
  root: '/support/dashboard',
  nav: [
    { to: '/support/dashboard', label: 'Tickets & Articles', icon: IconBook },
    { to: '/admin', label: 'Admin Panel', icon: IconDeviceDesktopAnalytics, onlyFor: ['admin'] },
    { to: '/support/dashboard/settings', label: 'Settings', icon: IconSettings },
  ],
};

/** Spec §2: exact match for the area root, prefix match for the other entries. */
export function isNavItemActive(item: AreaNavItem, root: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.to === root) return path === root;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/** The label under the user's name in the sidebar (spec §2: 'Customer' on the dashboard). */
export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', support: 'Support', admin: 'Admin' };
