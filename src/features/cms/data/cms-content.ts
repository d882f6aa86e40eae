// public.cms_content for the Content Management page: staff read every item (RLS), with its
// author's name; staff create and edit; only admins delete (RLS refuses anyone else).
// Online-only data: TanStack Query keeps the last answer on the device (./cms-queries.ts).
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentStatus } from '../rules.ts';
import type { ContentRowInput } from '../schemas.ts';

const text = v.nullable(v.string());

export const CmsItemSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  title: v.string(),
  slug: v.string(),
  content_type: v.picklist(CONTENT_TYPES),
  content: v.string(),
  excerpt: text,
  featured_image_url: text,
  status: v.picklist(CONTENT_STATUSES),
  meta_title: text,
  meta_description: text,
  tags: v.array(v.string()),
  author_id: text,
  published_at: text,
  created_at: v.string(),
  updated_at: v.string(),
  // The author's profile (null when the author was removed).
  author: v.nullable(v.object({ first_name: text, last_name: text })),
});

export type CmsItem = v.InferOutput<typeof CmsItemSchema>;

const COLUMNS =
  'id, title, slug, content_type, content, excerpt, featured_image_url, status, meta_title, meta_description, tags, author_id, published_at, created_at, updated_at, author:profiles(first_name, last_name)';

/** Every item the caller may read, last changed first. */
export async function fetchCmsContent(): Promise<CmsItem[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('cms_content').select(COLUMNS).order('updated_at', { ascending: false }).order('id');
  if (error) throw error;
  return v.parse(v.array(CmsItemSchema), data);
}

export async function createCmsContent(row: ContentRowInput): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('cms_content').insert(row);
  if (error) throw error;
}

/** An update RLS hides returns no row rather than an error: that is a failure too. */
export async function updateCmsContent(id: string, changes: Partial<ContentRowInput> & { status?: ContentStatus }): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('cms_content').update(changes).eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('The content was not updated');
}

/** A delete RLS refuses (support) removes nothing and reports no error: that is a failure too. */
export async function deleteCmsContent(id: string): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('cms_content').delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('The content was not deleted');
}
