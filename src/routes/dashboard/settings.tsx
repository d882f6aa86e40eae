import { createFileRoute } from '@tanstack/react-router';
import { AccountSettings } from '@/features/auth/settings-screen.ts';

export const Route = createFileRoute('/dashboard/settings')({
  head: () => ({ meta: [{ title: 'Settings | GarageGuard' }] }),
  component: AccountSettings,
});
