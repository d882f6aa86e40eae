/**
 * The public CMS pages (legal and solution pages) through /rest/v1 exactly as the public routes and
 * the build's snapshot read them (src/lib/cms-public-api.ts): anon gets every seeded page by slug
 * with the public columns, never a draft page or published content of another type; a page staff
 * unpublish disappears from that read; support cannot delete a page, an admin can.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CMS_PUBLIC_SELECT, cmsPageUrl, PUBLIC_PAGE_SLUGS } from '../../src/lib/cms-public-api.ts';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './functions/helpers.ts';

describeEngines('public CMS pages', (engine) => {
  let t: TestStack;
  let support: TestUser;
  let admin: TestUser;

  const readPage = async (slug: string): Promise<Array<Record<string, unknown>>> => {
    const response = await fetch(cmsPageUrl(t.url, slug), { headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [support, admin] = [await createUser(t, 'support'), await createUser(t, 'admin')];
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives anon every seeded public page by slug, with the public columns only', async () => {
    for (const slug of PUBLIC_PAGE_SLUGS) {
      const rows = await readPage(slug);
      expect(rows, slug).toHaveLength(1);
      expect(Object.keys(rows[0]!).sort()).toEqual(CMS_PUBLIC_SELECT.split(',').sort());
      expect(rows[0]!.slug).toBe(slug);
    }
  });

  it('never gives anon a draft page or published content of another type', async () => {
    const { rows } = await t.db.query<{ slug: string }>(
      `select slug from public.cms_content where (content_type = 'page' and status <> 'published') or (content_type <> 'page' and status = 'published')`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const { slug } of rows) expect(await readPage(slug), slug).toEqual([]);
  });

  it('drops a page staff unpublish from the public read, and shows it again once republished', async () => {
    const unpublish = await support.client.from('cms_content').update({ status: 'draft' }).eq('slug', 'terms').select('id');
    expect(unpublish.error).toBeNull();
    expect(unpublish.data).toHaveLength(1);
    expect(await readPage('terms')).toEqual([]);
    await support.client.from('cms_content').update({ status: 'published' }).eq('slug', 'terms');
    expect(await readPage('terms')).toHaveLength(1);
  });

  it('refuses support deleting a page; lets an admin delete content', async () => {
    const refused = await support.client.from('cms_content').delete().eq('slug', 'privacy').select('id');
    expect(refused.data ?? []).toEqual([]);
    expect(await readPage('privacy')).toHaveLength(1);

    const id = randomUUID();
    const created = await support.client.from('cms_content').insert({ id, title: 'Scratch', slug: `scratch-${id.slice(0, 8)}`, content: 'x' });
    expect(created.error).toBeNull();
    const deleted = await admin.client.from('cms_content').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
  });
});
