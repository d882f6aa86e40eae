import type { CmsItem } from '../data/cms-content.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

/** "First Last", or 'Unknown' when the author's profile is gone or has no name. */
export function authorName(item: Pick<CmsItem, 'author'>): string {
  const name = [item.author?.first_name, item.author?.last_name].filter(Boolean).join(' ').trim();
  return name || 'Unknown';
}
