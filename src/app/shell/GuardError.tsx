import { lazy, Suspense } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { importAgain } from '@/lib/import-again.ts';

// The error screen is rare: its Alert and Button load when it is needed, not with every page
// (guarded routes' options sit in the route tree, which is part of first-paint JS).
const GuardErrorView = lazy(() => importAgain(() => import('./GuardErrorView.tsx')));

/** The error screen of guarded routes (profile unavailable, with Retry). */
export function GuardError(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <GuardErrorView {...props} />
    </Suspense>
  );
}
