import { importAgain } from '@/lib/import-again.ts';

// Views and helpful votes go through the device outbox (kinds kb_view and kb_vote): accepted
// offline, kept over a reload, delivered once (the entry's id is the server's idempotency key).
const labelFor = (kind: 'view' | 'vote', title: string) => (kind === 'view' ? `Article view: ${title}` : `Helpful vote: ${title}`);

// Loaded when first used: the outbox and its Dexie database stay out of the pages' start-up code.
const outbox = () => importAgain(() => import('@/db/outbox/index.ts'));

/** Counts one view of an article (signed out too: the server accepts a guest's view). */
export async function recordArticleView(articleId: string, title: string, userId: string | null): Promise<void> {
  const { enqueue, GUEST } = await outbox();
  await enqueue('kb_view', { articleId }, { userId: userId ?? GUEST, label: labelFor('view', title) });
}

/** Queues the user's helpful vote; the server counts one vote per user and article. */
export async function voteArticleHelpful(articleId: string, title: string, userId: string): Promise<void> {
  const { enqueue } = await outbox();
  await enqueue('kb_vote', { articleId }, { userId, label: labelFor('vote', title) });
}
