import { beforeAll, describe, expect, it } from 'vitest';
import { cmsPageSlugOf, cmsPageUrl, PUBLIC_PAGE_SLUGS } from '@/lib/cms-public-api.ts';
import { SOLUTION_LINKS } from '@/features/content-pages';
import { snapshotPage } from '@/features/content-pages/data/page-snapshot.ts';
import { PublicPageSchema } from '@/features/content-pages/data/public-pages.ts';
import * as v from 'valibot';

const BASE = 'https://db.example.com';

describe('public CMS page reads', () => {
  it('are recognised by the service worker, and nothing else is', () => {
    const url = new URL(cmsPageUrl(BASE, 'privacy'));
    expect(cmsPageSlugOf('GET', url)).toBe('privacy');
    expect(cmsPageSlugOf('POST', url)).toBeNull();
    const admin = new URL(`${BASE}/rest/v1/cms_content?select=*&slug=eq.privacy`);
    expect(cmsPageSlugOf('GET', admin)).toBeNull();
    const drafts = new URL(url);
    drafts.searchParams.set('status', 'eq.draft');
    expect(cmsPageSlugOf('GET', drafts)).toBeNull();
  });

  it('refuse a slug that could change the query', () => {
    expect(() => cmsPageUrl(BASE, 'privacy&status=eq.draft')).toThrow();
    expect(() => cmsPageUrl(BASE, '')).toThrow();
  });

  it('cover every solution audience the navigation links to', () => {
    for (const link of SOLUTION_LINKS) expect(PUBLIC_PAGE_SLUGS).toContain(`solutions-${link.slug}`);
  });
});

describe('the build snapshot of the seeded pages', () => {
  // The first snapshot import starts the local stack on a fresh in-memory database (src/app/snapshot).
  const pages = new Map<string, Awaited<ReturnType<typeof snapshotPage>>>();
  beforeAll(async () => {
    for (const slug of PUBLIC_PAGE_SLUGS) pages.set(slug, await snapshotPage(slug));
  }, 180_000);

  it('has every public page, published, in the shape the live rows have', () => {
    for (const slug of PUBLIC_PAGE_SLUGS) {
      const page = pages.get(slug);
      expect(page, slug).not.toBeNull();
      expect(v.is(PublicPageSchema, page)).toBe(true);
      expect(page!.slug).toBe(slug);
      expect(page!.content).toMatch(/^## /m);
    }
  });

  it('states the promises of the warranty and returns pages', () => {
    const text = (slug: string) => `${pages.get(slug)!.excerpt} ${pages.get(slug)!.content}`;
    expect(text('warranty')).toContain('2-year manufacturer warranty');
    expect(text('returns')).toContain('30 days');
  });
});
