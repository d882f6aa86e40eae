import * as v from 'valibot';
import { KB_CATEGORIES } from '@/db/collections/kb-articles.ts';
import { plainText } from '@/lib/markdown-text.ts';

// The article form's limits and messages: the support center's article rules (the table checks
// the same bounds), so a form never queues a write the server would refuse for good.
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_CONTENT_MIN = 10;
/** One tag's length; a longer one is cut, not refused. */
export const TAG_MAX = 50;

export { KB_CATEGORIES };
export type KbCategory = (typeof KB_CATEGORIES)[number];

/** The article dialog as typed. An empty category is '' until one is picked. */
export const ArticleFormSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'Title is required'), v.maxLength(ARTICLE_TITLE_MAX, 'Title must be less than 200 characters')),
  category: v.pipe(v.string(), v.minLength(1, 'Category is required'), v.picklist(KB_CATEGORIES, 'Category is required')),
  content: v.pipe(v.string(), v.trim(), v.minLength(ARTICLE_CONTENT_MIN, 'Content must be at least 10 characters')),
  tags: v.array(v.string()),
  is_published: v.boolean(),
});
export type ArticleFormValues = v.InferInput<typeof ArticleFormSchema>;
export type ArticleInput = Omit<v.InferOutput<typeof ArticleFormSchema>, 'category'> & { category: KbCategory };

export const EMPTY_ARTICLE: ArticleFormValues = { title: '', category: '', content: '', tags: [], is_published: false };

/**
 * The tags after adding `raw`: trimmed; an empty tag or one already present (case-insensitive)
 * leaves the list as it is.
 */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim().slice(0, TAG_MAX);
  if (!tag || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/**
 * An article's card: up to 200 characters of its text as prose (no Markdown syntax), cut after a
 * whole word with an ellipsis.
 */
export const EXCERPT_LENGTH = 200;
export function excerpt(content: string, length = EXCERPT_LENGTH): string {
  const text = plainText(content);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : text.slice(0, length)).replace(/[\s.,;:]+$/, '')}…`;
}
