import { lazy, Suspense } from 'react';
import { importAgain } from '@/lib/import-again.ts';
import { Hero } from './Hero.tsx';

const BelowFold = lazy(() => importAgain(() => import('./BelowFold.tsx')));

/** Spec §2 landing page, top to bottom: hero (with highlights), then the lazily loaded rest. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <BelowFold />
      </Suspense>
    </>
  );
}
