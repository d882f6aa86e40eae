import { lazy, Suspense } from 'react';
import { HeadContent, Outlet, useLocation } from '@tanstack/react-router';
import { OfflineIndicator } from '@/app/pwa/OfflineIndicator.tsx';
import { PwaStatus } from '@/app/pwa/PwaStatus.tsx';
import { importAgain } from '@/lib/import-again.ts';
import { Navbar } from './navbar/Navbar.tsx';
import { NotificationsHost } from './NotificationsHost.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { SkipLink } from './SkipLink.tsx';
import { isChromeHidden, isHomePath } from './layoutRules.ts';
import classes from './RootLayout.module.css';

export const MAIN_ID = 'main-content';

// Below the fold on every page: loaded after first paint (it carries the newsletter form code).
// It is appended after the page, so its arrival moves nothing already on screen.
const Footer = lazy(() => importAgain(() => import('./footer/Footer.tsx')).then((module) => ({ default: module.Footer })));

/**
 * Store layout: navbar, page, footer. The dashboard, admin and support-dashboard areas bring their
 * own shell (and their own <main>), so there the page renders bare. Pages render only content;
 * the top padding for the fixed bar is applied here, except on the home page whose hero sits under
 * the transparent bar.
 */
export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const hidden = isChromeHidden(pathname);
  const isHome = isHomePath(pathname);

  return (
    <>
      {/* Route `head` titles; React 19 hoists them into <head>. */}
      <HeadContent />
      <ScrollToTop />
      {hidden ? (
        <Outlet />
      ) : (
        <>
          <SkipLink targetId={MAIN_ID} />
          <Navbar isHome={isHome} />
          <main id={MAIN_ID} tabIndex={-1} className={classes.main} data-offset={isHome ? undefined : true}>
            <OfflineIndicator underBar={isHome} />
            <Outlet />
          </main>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </>
      )}
      <PwaStatus />
      <NotificationsHost />
    </>
  );
}
