import { Outlet, useLocation } from '@tanstack/react-router';
import { Alert, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { roleMeets, useAuth } from '@/features/auth';
import { AreaShell } from './AreaShell.tsx';
import { ADMIN_AREA, adminPageRule, SUPPORT_AREA } from './areas.ts';

/**
 * The admin area's layout. Admins get the admin shell; support users, who may open Access Logs
 * and Content Management, get their own shell around those pages. A page the user's role may not
 * open shows the spec's message instead of the page, so none of its data is requested (the
 * guard already sent roles without any business here to their home; RLS protects the data).
 */
export function AdminArea() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const role = useAuth((state) => state.profile?.role);
  const rule = adminPageRule(pathname);
  // The guard lets the area open only once the profile is known; until then nothing is decided.
  const page = !role ? null : roleMeets(role, rule.requires) ? <Outlet /> : <AccessDenied message={rule.denied ?? 'Access denied. Admin privileges required.'} />;
  return <AreaShell area={role === 'support' ? SUPPORT_AREA : ADMIN_AREA}>{page}</AreaShell>;
}

function AccessDenied({ message }: { message: string }) {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Access denied
      </Title>
      <Alert color="red" variant="light" icon={<IconLock aria-hidden />} data-testid="access-denied">
        {message}
      </Alert>
    </>
  );
}
