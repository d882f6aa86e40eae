import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ActionIcon, AppShell, Burger, Group, NavLink, ScrollArea, Skeleton, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { OfflineIndicator } from '@/app/pwa/OfflineIndicator.tsx';
import { beginSignOut, useAuth } from '@/features/auth';
import { AreaQueryProvider } from './AreaQueryProvider.tsx';
import { ROLE_LABELS, type AreaConfig } from './areas.ts';
import { useSidebarCollapsed } from './sidebar-state.ts';
import { SidebarNav, type SidebarNavProps } from './SidebarNav.tsx';
import { requestSignOut } from '../sync/sign-out-guard.ts';
import { SignOutGuardHost } from '../sync/SignOutGuardHost.tsx';
import { SyncIndicator } from '../sync/SyncIndicator.tsx';

// The dashboards' sidebar is 60 units open and 14 collapsed (Tailwind units of 0.25rem).
const OPEN_WIDTH = '15rem';
const COLLAPSED_WIDTH = '3.5rem';
export const AREA_MAIN_ID = 'area-main';

/**
 * The shell of the signed-in areas (customer dashboard, admin, support dashboard): a sidebar that
 * collapses to icons (Ctrl/Cmd+B; kept for 7 days in a cookie), a drawer under 768 px, the user's
 * first name (or the area's fallback, 'User' or 'Admin') with the role label, the active route
 * highlighted, and Sign Out.
 */
export function AreaShell({ area, children }: { area: AreaConfig; children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 767.98px)') ?? false;
  const [drawerOpened, drawer] = useDisclosure(false);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [signingOut, setSigningOut] = useState(false);
  const narrow = collapsed && !isMobile;

  useHotkeys([['mod+B', () => (isMobile ? drawer.toggle() : setCollapsed((value) => !value))]]);

  const onSignOut = async () => {
    setSigningOut(true);
    // The stored session goes first (a page opened meanwhile is signed out); then leave the
    // guarded area, so the guard does not send the user to /auth, and finish the sign-out there.
    const finish = beginSignOut();
    await navigate({ to: '/', replace: true });
    await finish();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: narrow ? COLLAPSED_WIDTH : OPEN_WIDTH, breakpoint: 'sm', collapsed: { mobile: !drawerOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="sm" size="sm" aria-label={drawerOpened ? 'Close menu' : 'Open menu'} />
          <Tooltip label={collapsed ? 'Expand sidebar (Ctrl+B)' : 'Collapse sidebar (Ctrl+B)'}>
            <ActionIcon variant="subtle" color="gray" visibleFrom="sm" onClick={() => setCollapsed((value) => !value)} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
              {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
            </ActionIcon>
          </Tooltip>
          <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
            {area.title}
          </Title>
          <Group ml="auto" gap={4} wrap="nowrap">
            <SyncIndicator variant="full" />
          </Group>
          <UnstyledButton component={Link} to="/" aria-label="GarageGuard shop" c="blue">
            <IconShieldLock size={24} aria-hidden="true" />
          </UnstyledButton>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={`${area.title} navigation`}>
        {!narrow && <AreaUser area={area} />}
        <AppShell.Section grow component={ScrollArea} mt="xs">
          <AreaNav area={area} pathname={pathname} narrow={narrow} onNavigate={drawer.close} />
        </AppShell.Section>
        <AppShell.Section>
          <NavLink
            component="button"
            label={narrow ? undefined : 'Sign Out'}
            aria-label="Sign Out"
            leftSection={<IconLogout size={20} aria-hidden="true" />}
            onClick={() => void requestSignOut(onSignOut)}
            disabled={signingOut}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={AREA_MAIN_ID}>
        <OfflineIndicator />
        <AreaQueryProvider>{children}</AreaQueryProvider>
      </AppShell.Main>
      <SignOutGuardHost />
    </AppShell>
  );
}

// The parts that show who is signed in subscribe to the profile themselves: a prerendered shell
// hydrates without a user (src/app/prerender/), and only these re-render once the user is known.
function AreaUser({ area }: { area: AreaConfig }) {
  const profile = useAuth((state) => state.profile);
  return (
    <Stack gap={0} px="sm" py="xs" data-testid="area-user">
      {profile ? (
        <>
          <Text fw={600} truncate>
            {profile.firstName || area.nameFallback}
          </Text>
          <Text size="sm" c="dimmed">
            {ROLE_LABELS[profile.role]}
          </Text>
        </>
      ) : (
        // While the profile loads (a prerendered shell has none yet).
        <Stack gap={6} py={4} aria-hidden="true">
          <Skeleton h={14} w="60%" />
          <Skeleton h={12} w="40%" />
        </Stack>
      )}
    </Stack>
  );
}

function AreaNav({ area, ...props }: Omit<SidebarNavProps, 'items'>) {
  const role = useAuth((state) => state.profile?.role ?? null);
  const items = useMemo(() => area.nav.filter((item) => !item.onlyFor || (role !== null && item.onlyFor.includes(role))), [area, role]);
  return <SidebarNav area={area} items={items} {...props} />;
}
