// Support categories on this device (replicated with public.support_categories): the active ones
// are offered for a new ticket, ordered by name; every known one names a ticket's category.
import type { MangoQuery } from 'rxdb';
import type { SupportCategory } from '@/db/collections/support-categories.ts';
import type { DocOf } from '@/db/react.tsx';

export type { SupportCategory };

export function categoriesQuery(): MangoQuery<DocOf<'support_categories'>> {
  return { sort: [{ name: 'asc' }, { id: 'asc' }] };
}
