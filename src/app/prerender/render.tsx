// Server entry of the build-time prerender (built with `vite build --ssr` by ./plugin.ts and run in
// Node). It renders the real app, for one URL at a time, exactly as the browser will hydrate it.
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { PUBLIC_PAGE_SLUGS } from '@/lib/cms-public-api.ts';
import { App } from '../App.tsx';
import { createAppRouter } from '../router.ts';

/** Public pages whose HTML does not depend on the visitor (database content: as the build's snapshot has it). */
export async function prerenderPaths(): Promise<string[]> {
  // Imported the way the route loaders import it, so this entry does not change how it is bundled.
  const { listProducts } = await import('@/features/catalogue/data/products.ts');
  const products = await listProducts();
  const { snapshotArticles } = await import('@/features/knowledge-base/data/article-snapshot.ts');
  const articles = await snapshotArticles();
  // The CMS pages (legal, solutions) the build's database publishes; an unpublished one is not found.
  const { snapshotPage } = await import('@/features/content-pages/data/page-snapshot.ts');
  const pages = (await Promise.all(PUBLIC_PAGE_SLUGS.map(snapshotPage))).flatMap((page) => (page ? [page.slug] : []));
  return [
    '/',
    '/products',
    ...products.map((product) => `/products/${product.id}`),
    '/support/faq',
    '/support/installation',
    '/support/articles',
    ...articles.map((article) => `/support/articles/${article.id}`),
    ...pages.map((slug) => (slug.startsWith('solutions-') ? `/solutions/${slug.slice('solutions-'.length)}` : `/${slug}`)),
    // The customer dashboard's home, as its loading state: the shell paints before the session is
    // checked and the user's data opens; the browser hydrates it once the guard has let them in.
    '/dashboard',
  ];
}

/**
 * The app's HTML for `path` after its loaders ran. Waits for every Suspense boundary (lazy footer,
 * below-the-fold sections), so the page is complete without JavaScript. Throws when the path does
 * not resolve to a page: a prerendered "not found" or error page must never ship as a real page.
 */
export async function renderPage(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const failed = router.state.matches.find((match) => match.status !== 'success' || match._notFound);
  if (failed) throw new Error(`Prerender of ${path}: route ${failed.routeId} ended as ${failed.status}`);

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<App router={router} />, {
    // React outlines boundaries bigger than this (12.8 kB by default) behind a script that reveals
    // them later, which would hide most of a page until that script runs. A static page inlines all.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => void errors.push(error),
  });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  if (errors.length) throw new Error(`Prerender of ${path} failed: ${String(errors[0])}`, { cause: errors[0] });
  // Complete, plain HTML only: a pending boundary or React's reveal scripts would mean content that
  // is hidden until JavaScript runs.
  if (/<script\b|<template\b|<!--\$[?!]-->/.test(html)) throw new Error(`Prerender of ${path}: output has pending Suspense content`);
  return html;
}
