/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerCatalogueCaching } from './catalogue.ts';
import { registerCmsPageCaching } from './cms-pages.ts';
import { registerImageCaching } from './images.ts';
import { registerKnowledgeBaseCaching } from './knowledge-base.ts';
import { registerNavigationFallback } from './navigation.ts';
import { registerUpdateHandling } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Order matters: Workbox uses the first matching route. The precache (prerendered pages, app shell,
// JS/CSS chunks, icons, product images, hero poster; injected at build time) comes first, then the navigation
// fallback to the precached shell.html, then runtime caches. Later additions (last copy of the
// catalogue from /rest/v1/products, KB pages) go in their own modules and are registered here.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerNavigationFallback();
registerImageCaching();
registerCatalogueCaching();
registerKnowledgeBaseCaching();
registerCmsPageCaching();
registerUpdateHandling();
