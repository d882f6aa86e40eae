// Which articles the signed-in user has found helpful: their votes on the server (a user reads only
// their own rows of kb_helpful_votes), their votes still waiting in this device's outbox, and the
// ones cast in this tab. The server counts one vote per user and article whatever is shown here.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import * as v from 'valibot';
import { syncDb } from '@/db/sync/sync-db.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';

const VoteRowsSchema = v.array(v.object({ article_id: v.string() }));

/** The ids of the articles the user has voted for on the server; throws when it cannot be read. */
export async function fetchMyVotes(userId: string): Promise<string[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('kb_helpful_votes').select('article_id').eq('user_id', userId);
  if (error) throw new Error(`kb_helpful_votes: ${error.message}`, { cause: error });
  return v.parse(VoteRowsSchema, data).map((row) => row.article_id);
}

// Votes cast in this tab, per user: shown at once, and still after the outbox has sent them.
const castHere = new Map<string, Set<string>>();

export function noteVoteCast(userId: string, articleId: string): void {
  const mine = castHere.get(userId) ?? new Set<string>();
  mine.add(articleId);
  castHere.set(userId, mine);
}

/** Whether `userId` has voted for `articleId` (false while unknown, e.g. offline before any vote). */
export function useHasVoted(userId: string | null, articleId: string, castNow: boolean): boolean {
  const [onServer, setOnServer] = useState<{ userId: string; ids: string[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    fetchMyVotes(userId).then(
      (ids) => live && setOnServer({ userId, ids }),
      // Offline or refused: the outbox and this tab's votes still say what the user did here.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);
  const queued = useLiveQuery(
    async () =>
      userId
        ? (await syncDb().outbox.where('userId').equals(userId).toArray()).some((entry) => entry.kind === 'kb_vote' && entry.args.articleId === articleId)
        : false,
    [userId, articleId],
    false,
  );
  if (!userId) return false;
  return castNow || queued || Boolean(castHere.get(userId)?.has(articleId)) || Boolean(onServer?.userId === userId && onServer.ids.includes(articleId));
}
