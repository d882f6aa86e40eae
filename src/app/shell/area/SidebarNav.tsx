import { Badge, Indicator, NavLink, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useUnreadNotificationCount } from '@/features/notifications';
import { groupNavItems, isNavItemActive, type AreaConfig, type AreaNavItem } from './areas.ts';

export interface SidebarNavProps {
  area: AreaConfig;
  items: AreaNavItem[];
  pathname: string;
  /** Collapsed to icons: labels become tooltips and accessible names, group headings are hidden. */
  narrow: boolean;
  onNavigate: () => void;
}

/** A count as a badge shows it: more than 99 reads '99+'. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The sidebar's links, in their groups (group headings only while the sidebar is open; collapsed,
 * each group keeps its name for screen readers), the active one highlighted.
 */
export function SidebarNav({ area, items, pathname, narrow, onNavigate }: SidebarNavProps) {
  return (
    <nav aria-label={area.title}>
      {groupNavItems(items).map((group, index) => {
        const links = group.items.map((item) => {
          const props = { item, active: isNavItemActive(item, area.root, pathname), exact: item.to === area.root, narrow, onNavigate };
          return item.badge === 'unread-notifications' ? <UnreadSidebarLink key={item.to} {...props} /> : <SidebarLink key={item.to} {...props} count={0} />;
        });
        if (!group.heading) return <div key={`group-${index}`}>{links}</div>;
        const headingId = `area-nav-group-${index}`;
        return (
          <div key={group.heading} role="group" aria-labelledby={narrow ? undefined : headingId} aria-label={narrow ? group.heading : undefined} data-testid="area-nav-group">
            {narrow ? (
              index > 0 && <hr aria-hidden="true" style={{ border: 0, borderTop: '1px solid var(--mantine-color-default-border)', margin: '6px 8px' }} />
            ) : (
              <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt={index > 0 ? 'md' : 'xs'} pb={4}>
                {group.heading}
              </Text>
            )}
            {links}
          </div>
        );
      })}
    </nav>
  );
}

interface SidebarLinkProps {
  item: AreaNavItem;
  active: boolean;
  exact: boolean;
  narrow: boolean;
  onNavigate: () => void;
  /** A live count on the entry (the unread notifications); 0 shows none. */
  count: number;
}

/** The Notifications entry, with the user's unread count, live. */
function UnreadSidebarLink(props: Omit<SidebarLinkProps, 'count'>) {
  return <SidebarLink {...props} count={useUnreadNotificationCount()} />;
}

function SidebarLink({ item, active, exact, narrow, onNavigate, count }: SidebarLinkProps) {
  const Icon = item.icon;
  const unread = count > 0 ? `${count} unread` : null;
  const icon = <Icon size={20} aria-hidden="true" />;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      // The router marks a link active by prefix; the area root is active only on itself.
      activeOptions={{ exact }}
      label={narrow ? undefined : item.label}
      aria-label={narrow ? (unread ? `${item.label}, ${unread}` : item.label) : undefined}
      leftSection={
        narrow && count > 0 ? (
          <Indicator label={badgeCount(count)} size={16} color="red" offset={2} aria-hidden="true">
            {icon}
          </Indicator>
        ) : (
          icon
        )
      }
      rightSection={
        !narrow && count > 0 ? (
          <Badge size="sm" circle={count < 10} color="red" data-testid="unread-badge">
            <span aria-hidden="true">{badgeCount(count)}</span>
            <VisuallyHidden component="span">{unread}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
  return narrow ? (
    <Tooltip label={unread ? `${item.label} (${unread})` : item.label} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
