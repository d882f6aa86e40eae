import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AreaShell } from '@/app/shell/area/AreaShell.tsx';
import { CUSTOMER_AREA } from '@/app/shell/area/areas.ts';
import { guarded } from '@/app/shell/area/guarded.ts';

export const Route = createFileRoute('/dashboard')({
  ...guarded('customer'),
  component: () => (
    <AreaShell area={CUSTOMER_AREA}>
      <Outlet />
    </AreaShell>
  ),
});
