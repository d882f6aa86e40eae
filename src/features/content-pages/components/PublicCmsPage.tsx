import { Container } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { Markdown } from '@/components/Markdown.tsx';
import type { PublicPageSlug } from '@/lib/cms-public-api.ts';
import type { PageData } from '../data/page-loaders.ts';
import { useLivePage } from '../data/use-live-page.ts';
import classes from './ContentPage.module.css';
import { SolutionPage } from './SolutionPage.tsx';

// UTC, so the prerendered date and the hydrated one are the same wherever the page is opened.
const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A legal or solution page written in the CMS. A legal page reads as a document: h1 (title), intro
 * (excerpt), last change and the sanitized Markdown body; a solution page sells, in the shape of
 * the marketing pages (SolutionPage). The live published row replaces the built copy once the page
 * is idle; a page unpublished or deleted since says so.
 */
export function PublicCmsPage({ slug, initial, onRetry }: { slug: PublicPageSlug; initial: PageData; onRetry: () => void }) {
  const data = useLivePage(slug, initial);
  if (data.status === 'found' && slug.startsWith('solutions-')) {
    return (
      <article data-testid="cms-page" data-page-id={data.page.id}>
        <SolutionPage page={data.page} />
      </article>
    );
  }
  return (
    <Container size="md" component="article" className={classes.page} data-testid="cms-page" data-page-id={data.status === 'found' ? data.page.id : undefined}>
      {data.status === 'found' && (
        <>
          <header className={classes.header}>
            <h1 className={classes.title}>{data.page.title}</h1>
            {data.page.excerpt && <p className={classes.intro}>{data.page.excerpt}</p>}
            <p className={classes.updated}>Last updated {formatDate(data.page.updated_at)}</p>
          </header>
          <Markdown source={data.page.content} data-testid="cms-page-content" />
        </>
      )}
      {data.status === 'missing' && (
        <EmptyState icon={<IconFileOff size={28} />} titleOrder={1} title="Page Not Found" text="This page does not exist or is no longer published." />
      )}
      {data.status === 'unavailable' && (
        <>
          <h1 className={classes.title}>Page Unavailable</h1>
          <LoadError
            title="This page could not be loaded"
            text={navigator.onLine ? undefined : 'You are offline, and this page has not been saved for offline reading yet.'}
            onRetry={onRetry}
          />
        </>
      )}
    </Container>
  );
}
