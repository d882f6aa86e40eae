// Ticket category names, from the support_categories collection (staff pull inactive ones too).
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export const allCategoriesQuery: MangoQuery<DocOf<'support_categories'>> = { selector: {}, sort: [{ name: 'asc' }] };
