import * as v from 'valibot';
import {
  CONTENT_STATUSES,
  CONTENT_TYPES,
  EXCERPT_MAX,
  IMAGE_URL_MAX,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  parseTags,
  SLUG_MAX,
  TITLE_MAX,
  type ContentStatus,
  type ContentType,
} from './rules.ts';

/** The Create / Edit Content form as typed: every field a string, tags comma separated. */
export interface ContentFormValues {
  title: string;
  slug: string;
  content_type: ContentType;
  status: ContentStatus;
  content: string;
  excerpt: string;
  featured_image_url: string;
  meta_title: string;
  meta_description: string;
  tags: string;
}

export const EMPTY_CONTENT_FORM: ContentFormValues = {
  title: '',
  slug: '',
  content_type: 'page',
  status: 'draft',
  content: '',
  excerpt: '',
  featured_image_url: '',
  meta_title: '',
  meta_description: '',
  tags: '',
};

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters`;
const optional = (what: string, max: number) => v.pipe(v.string(), v.maxLength(max, tooLong(what, max)));

/** What the form checks before saving: title and content required, the column limits. */
export const ContentFormSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'Title is required'), v.maxLength(TITLE_MAX, tooLong('Title', TITLE_MAX))),
  slug: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(SLUG_MAX, tooLong('Slug', SLUG_MAX)),
    v.regex(/^[a-z0-9-]*$/, 'Use lowercase letters, digits and hyphens only'),
  ),
  content_type: v.picklist(CONTENT_TYPES),
  status: v.picklist(CONTENT_STATUSES),
  content: v.pipe(v.string(), v.check((text) => text.trim().length > 0, 'Content is required')),
  excerpt: optional('Excerpt', EXCERPT_MAX),
  featured_image_url: optional('Featured image URL', IMAGE_URL_MAX),
  meta_title: optional('Meta title', META_TITLE_MAX),
  meta_description: optional('Meta description', META_DESCRIPTION_MAX),
  tags: v.string(),
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The row the form saves: tags as a list, empty optional fields as null. */
export function toContentRow(values: ContentFormValues) {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    content_type: values.content_type,
    status: values.status,
    content: values.content,
    excerpt: orNull(values.excerpt),
    featured_image_url: orNull(values.featured_image_url),
    meta_title: orNull(values.meta_title),
    meta_description: orNull(values.meta_description),
    tags: parseTags(values.tags),
  };
}

export type ContentRowInput = ReturnType<typeof toContentRow>;
