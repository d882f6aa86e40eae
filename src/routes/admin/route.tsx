import { createFileRoute } from '@tanstack/react-router';
import { AdminArea } from '@/app/shell/area/AdminArea.tsx';
import { guardedAdminArea } from '@/app/shell/area/guarded.ts';

export const Route = createFileRoute('/admin')({
  ...guardedAdminArea(),
  component: AdminArea,
});
