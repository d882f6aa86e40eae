// Which other staff have a ticket open: Realtime presence on the ticket's PRIVATE staff channel
// 'ticket-staff:<id>', which only support staff may join (RLS on realtime.messages, migration
// 20261129000320); the customer never sees it. One presence key per user: a colleague with the
// ticket open in two tabs is listed once. The key and name are the database's, not what this
// client tracks (private.realtime_presence_identity, migration 20261129000600, on the local
// stack); `myName` is what a hosted project without that hook would show.
import { useEffect, useState } from 'react';
import { loadSupabase } from '@/lib/load-supabase.ts';

export function useTicketViewers(ticketId: string | null, me: string | null, myName: string): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (!ticketId || !me) return;
    let live = true;
    let leave: (() => void) | undefined;
    void loadSupabase()
      .then((supabase) => {
        if (!live) return;
        const channel = supabase.channel(`ticket-staff:${ticketId}`, { config: { private: true, presence: { key: me } } });
        channel
          .on('presence', { event: 'sync' }, () => {
            const state = channel.presenceState<{ name?: string }>();
            const others = Object.entries(state)
              .filter(([key]) => key !== me)
              .map(([, metas]) => metas[0]?.name ?? '')
              .filter(Boolean);
            setNames([...new Set(others)].sort());
          })
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') void channel.track({ name: myName });
          });
        leave = () => void supabase.removeChannel(channel);
      })
      .catch(() => undefined); // offline: nobody shown
    return () => {
      live = false;
      setNames([]);
      leave?.();
    };
  }, [ticketId, me, myName]);
  return names;
}
