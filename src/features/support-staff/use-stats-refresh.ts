import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppDatabase, useCollectionQuery, useDataOwner } from '@/db/react.tsx';
import { useWriteStates } from '@/db/sync/write-states.ts';
import { allTicketsQuery } from './data/support-tickets.ts';
import { supportStatsQuery } from './data/support-stats.ts';

const SETTLE_MS = 1_000;

/** How many messages the device holds, live: a count query, so no message is read for it. */
function useMessageCount(): number | null {
  const messages = useAppDatabase()?.support_messages;
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!messages) return;
    const subscription = messages.count().$.subscribe(setCount);
    return () => subscription.unsubscribe();
  }, [messages]);
  return count;
}

/**
 * Refreshes the stat cards when the tickets or messages change on the server: after a staff
 * action once the server has taken it (nothing left pending), and when a customer's new ticket
 * or reply arrives. The cards count on the server, so a change still on this device only is not
 * asked about yet; a burst of changes makes one request.
 */
export function useStatsRefresh(): void {
  const queryClient = useQueryClient();
  const userId = useDataOwner();
  const { docs: tickets, loading: ticketsLoading } = useCollectionQuery('support_tickets', allTicketsQuery);
  const messageCount = useMessageCount();
  const pendingTickets = useWriteStates(userId, 'support_tickets').size;
  const pendingMessages = useWriteStates(userId, 'support_messages').size;

  const signature = useMemo(
    () => `${tickets.map((ticket) => `${ticket.id}:${ticket.status}:${ticket.priority}:${ticket.resolved_at ?? ''}:${ticket.updated_at}`).join('|')}#${messageCount}`,
    [tickets, messageCount],
  );
  const ready = !ticketsLoading && messageCount !== null && pendingTickets === 0 && pendingMessages === 0;

  // The tickets as the cards last counted them: the first state seen is the one the (fresh or
  // saved) answer describes, so opening the dashboard alone asks nothing.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    if (counted.current === null) counted.current = signature;
    if (counted.current === signature) return;
    const timer = setTimeout(() => {
      counted.current = signature;
      void queryClient.invalidateQueries({ queryKey: supportStatsQuery.queryKey });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [ready, signature, queryClient]);
}
