import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AreaShell } from '@/app/shell/area/AreaShell.tsx';
import { ADMIN_AREA } from '@/app/shell/area/areas.ts';
import { guarded } from '@/app/shell/area/guarded.ts';

export const Route = createFileRoute('/admin')({
  ...guarded('admin'),
  component: () => (
    <AreaShell area={ADMIN_AREA}>
      <Outlet />
    </AreaShell>
  ),
});
