import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parseTags, slugify } from '@/features/cms/rules.ts';
import { ContentFormSchema, EMPTY_CONTENT_FORM, toContentRow } from '@/features/cms/schemas.ts';

describe('slugify', () => {
  it('lowercases, drops other characters, turns spaces into hyphens', () => {
    expect(slugify('Privacy Policy')).toBe('privacy-policy');
    expect(slugify('5 Ways to Keep Parcels Safe!')).toBe('5-ways-to-keep-parcels-safe');
    expect(slugify("What's new in v2.1?")).toBe('whats-new-in-v21');
  });

  it('collapses runs of spaces and of hyphens', () => {
    expect(slugify('Returns   &   Refunds')).toBe('returns-refunds');
    expect(slugify('a -- b --- c')).toBe('a-b-c');
    expect(slugify('  padded title  ')).toBe('padded-title');
  });

  it('keeps only what the slug column accepts', () => {
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('!!!')).toBe('');
    for (const title of ['Ünïcødé ✓ Tést', 'tab\tand\nnewline', '<script>alert(1)</script>']) expect(slugify(title)).toMatch(/^[a-z0-9-]*$/);
    expect(slugify('x'.repeat(300))).toHaveLength(200);
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops empty and repeated tags', () => {
    expect(parseTags(' security, tips ,, security , ')).toEqual(['security', 'tips']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('content form', () => {
  const valid = { ...EMPTY_CONTENT_FORM, title: 'Hello', slug: 'hello', content: '# Hi' };

  it('requires a title and content', () => {
    expect(v.safeParse(ContentFormSchema, valid).success).toBe(true);
    expect(v.safeParse(ContentFormSchema, { ...valid, title: '   ' }).success).toBe(false);
    expect(v.safeParse(ContentFormSchema, { ...valid, content: '  \n ' }).success).toBe(false);
    expect(v.safeParse(ContentFormSchema, { ...valid, slug: 'Not A Slug' }).success).toBe(false);
  });

  it('does not enforce the 160-character meta description hint, only the column limit', () => {
    expect(v.safeParse(ContentFormSchema, { ...valid, meta_description: 'x'.repeat(300) }).success).toBe(true);
    expect(v.safeParse(ContentFormSchema, { ...valid, meta_description: 'x'.repeat(501) }).success).toBe(false);
  });

  it('stores empty optional fields as null and tags as a list', () => {
    expect(toContentRow({ ...valid, excerpt: '  ', tags: 'a, b' })).toEqual({
      title: 'Hello',
      slug: 'hello',
      content_type: 'page',
      status: 'draft',
      content: '# Hi',
      excerpt: null,
      featured_image_url: null,
      meta_title: null,
      meta_description: null,
      tags: ['a', 'b'],
    });
    expect(toContentRow({ ...valid, meta_title: ' SEO ' }).meta_title).toBe('SEO');
  });
});
