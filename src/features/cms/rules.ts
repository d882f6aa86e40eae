// The content rules of the CMS: slugs, tags, the content types and statuses, and the limits of
// public.cms_content's check constraints (so a form never sends a row the server would refuse).

export const CONTENT_TYPES = ['page', 'blog_post', 'product_description', 'faq', 'documentation'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const EXCERPT_MAX = 500;
export const IMAGE_URL_MAX = 1000;
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 500;
/** What search engines show of a meta description: a hint under the field, not enforced. */
export const META_DESCRIPTION_HINT = 160;

/**
 * The slug a title gets: lowercase; characters other than letters, digits, spaces and hyphens
 * removed; runs of spaces become one hyphen, runs of hyphens one hyphen. Letters are the ASCII
 * ones the slug column accepts (accented letters lose their accent first: "Café" → "cafe").
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, SLUG_MAX);
}

/** Tags typed comma separated: trimmed, empty ones dropped, each kept once. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))];
}

