// The CMS calls as TanStack Query options. A change refetches the admin answers (the library and
// its stat cards, and Mission Control's activity).
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ContentStatus } from '../rules.ts';
import type { ContentRowInput } from '../schemas.ts';
import { createCmsContent, deleteCmsContent, fetchCmsContent, updateCmsContent } from './cms-content.ts';

const ADMIN_ANSWERS = ['admin'] as const;

export const cmsContentQuery = queryOptions({
  queryKey: ['admin', 'cms-content'],
  queryFn: fetchCmsContent,
});

export const createContentMutation = mutationOptions({
  mutationFn: (row: ContentRowInput) => createCmsContent(row),
  meta: { invalidates: [ADMIN_ANSWERS] },
});

export const updateContentMutation = mutationOptions({
  mutationFn: ({ id, changes }: { id: string; changes: Partial<ContentRowInput> & { status?: ContentStatus } }) => updateCmsContent(id, changes),
  meta: { invalidates: [ADMIN_ANSWERS] },
});

export const deleteContentMutation = mutationOptions({
  mutationFn: (id: string) => deleteCmsContent(id),
  meta: { invalidates: [ADMIN_ANSWERS] },
});
