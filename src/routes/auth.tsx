import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthSearchSchema, whenSettled } from '@/features/auth';
import { AuthPage } from '@/features/auth/screens.ts';

export const Route = createFileRoute('/auth')({
  validateSearch: AuthSearchSchema,
  head: () => ({ meta: [{ title: 'Sign in | GarageGuard' }] }),
  // Someone already signed in has nothing to do here (except set a new password after recovery).
  beforeLoad: async ({ search }) => {
    if (search.mode === 'reset') return;
    const state = await whenSettled();
    if (state.status === 'signed-in') throw redirect({ href: search.redirect ?? '/', replace: true });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const search = Route.useSearch();
  return <AuthPage search={search} />;
}
