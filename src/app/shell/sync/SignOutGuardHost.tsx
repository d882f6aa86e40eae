import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { loadSignOutDialog, releaseSignOut, signOutGuard } from './sign-out-guard.ts';

const SignOutDialog = lazy(loadSignOutDialog);

/**
 * Where the "not synced" dialog appears: mounted once per shell (the store's account control, the
 * area shells), outside menus and drawers that close when Sign Out is clicked.
 */
export function SignOutGuardHost() {
  const held = useStore(signOutGuard, (state) => state.held);
  if (!held) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog held={held} onClose={releaseSignOut} />
    </Suspense>
  );
}
