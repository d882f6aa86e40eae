import { useCallback } from 'react';
import type { PublicPageSlug } from '@/lib/cms-public-api.ts';
import { useLiveAfterIdle } from '@/lib/live-after-idle.ts';
import { livePage, type PageData } from './page-loaders.ts';

/** The CMS page the loader gave, replaced by the live published row (or its absence) once idle. */
export function useLivePage(slug: PublicPageSlug, initial: PageData): PageData {
  return useLiveAfterIdle(initial, slug, useCallback(() => livePage(slug), [slug]));
}
