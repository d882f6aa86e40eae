import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AreaShell } from '@/app/shell/area/AreaShell.tsx';
import { SUPPORT_AREA } from '@/app/shell/area/areas.ts';
import { guarded } from '@/app/shell/area/guarded.ts';

export const Route = createFileRoute('/support/dashboard')({
  ...guarded('staff'),
  component: () => (
    <AreaShell area={SUPPORT_AREA}>
      <Outlet />
    </AreaShell>
  ),
});
