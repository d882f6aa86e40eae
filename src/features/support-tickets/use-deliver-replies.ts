import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDataOwner } from '@/db/react.tsx';
import { syncActions } from '@/db/sync/controller.ts';
import { syncDb, type PendingWrite } from '@/db/sync/sync-db.ts';
import { useWriteStates } from '@/db/sync/write-states.ts';

// Replies already sent again in this page's life: each gets one automatic retry, so a reply the
// server refuses for another reason (the ticket was closed meanwhile) is not sent in a loop; the
// sync center still offers Retry and Discard.
const retried = new Set<string>();

/**
 * A reply written offline on a ticket also written offline may reach the server before its ticket
 * (each collection pushes on its own), be refused (the ticket does not exist yet) and be set aside
 * as failed. Once the ticket is on the server, such a reply is sent again, so both arrive; the
 * reply keeps its id, so it is stored once whatever happened to the first attempt.
 */
export function useDeliverRepliesAfterTickets(): void {
  const userId = useDataOwner();
  const ticketStates = useWriteStates(userId, 'support_tickets');
  const failed = useLiveQuery(
    async (): Promise<PendingWrite[]> =>
      userId
        ? await syncDb()
            .pending.where('userId')
            .equals(userId)
            .filter((entry) => entry.collection === 'support_messages' && entry.state === 'failed')
            .toArray()
            .catch(() => [])
        : [],
    [userId],
  );

  useEffect(() => {
    for (const entry of failed ?? []) {
      const ticketId = entry.doc?.ticket_id;
      if (typeof ticketId !== 'string' || retried.has(entry.key)) continue;
      void (async () => {
        // The ticket's own write, if any, read now (the live map may not have loaded yet).
        const ticketWrite = await syncDb().pending.get(`support_tickets:${ticketId}`);
        if (ticketWrite || retried.has(entry.key)) return;
        retried.add(entry.key);
        await syncActions.retryWrite(entry);
      })().catch(() => undefined);
    }
  }, [failed, ticketStates]);
}
