import { useEffect, useState } from 'react';
import type { PublicPageSlug } from '@/lib/cms-public-api.ts';
import { livePage, type PageData } from './page-loaders.ts';

const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 200));

/**
 * The loader's page (the build's copy, or a live read), replaced by the live published row once
 * the page is idle: an edit in the CMS, or an unpublished or deleted page, shows without a rebuild.
 * An answer that cannot arrive (offline, and never kept by the service worker) keeps what shows.
 */
export function useLivePage(slug: PublicPageSlug, initial: PageData): PageData {
  const [live, setLive] = useState<{ slug: string; data: PageData } | null>(null);
  useEffect(() => {
    let current = true;
    whenIdle(() => {
      void livePage(slug).then((data) => {
        if (current && data.status !== 'unavailable') setLive({ slug, data });
      });
    });
    return () => {
      current = false;
    };
  }, [slug]);
  return live?.slug === slug ? live.data : initial;
}
