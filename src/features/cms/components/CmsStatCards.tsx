import { StatCardGrid } from '@/components/StatCardGrid.tsx';
import type { CmsItem } from '../data/cms-content.ts';

/** Total items, and how many are published, drafts and archived. */
export function CmsStatCards({ items }: { items: CmsItem[] | undefined }) {
  const count = (status: CmsItem['status']) => items?.filter((item) => item.status === status).length;
  const cards = [
    { label: 'Total Content', value: items?.length, testId: 'stat-total' },
    { label: 'Published', value: count('published'), testId: 'stat-published' },
    { label: 'Drafts', value: count('draft'), testId: 'stat-drafts' },
    { label: 'Archived', value: count('archived'), testId: 'stat-archived' },
  ];
  return <StatCardGrid cards={cards} cols={{ base: 2, md: 4 }} />;
}
