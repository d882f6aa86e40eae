// "… is typing" on a support ticket, both ways, over the ticket's PRIVATE Realtime channel
// 'ticket:<id>': Realtime lets only the ticket's owner and support staff join and send (RLS on
// realtime.messages, migration 20261129000320). A typing event is sent at most once per
// TYPING_THROTTLE_MS while the user types; the indicator clears TYPING_CLEAR_MS after the last
// event, or at once when the other side sends or leaves the box ('stop'). What the user does before
// the channel has joined is sent once it has: a ticket's first keystrokes come right after it opens,
// and an event sent earlier would go out through Realtime's REST fallback, possibly before the
// socket has the user's token (refused as anon, and then throttled away).
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadSupabase } from '@/lib/load-supabase.ts';

export const TYPING_THROTTLE_MS = 2000;
export const TYPING_CLEAR_MS = 4000;
const EVENT = 'typing';

type Channel = ReturnType<Awaited<ReturnType<typeof loadSupabase>>['channel']>;

export interface TicketTyping {
  /** The other side's name while they type, else null ('' when they sent no name). */
  typing: string | null;
  /** Call on every keystroke in the reply box: throttled here. */
  notifyTyping: () => void;
  /** Call when the message is sent or the box is emptied. */
  stopTyping: () => void;
}

const typingPayload = (active: boolean, name: string | null) => ({ active, ...(name ? { name } : {}) });

export function useTicketTyping(ticketId: string | null, myName: string | null): TicketTyping {
  const [typing, setTyping] = useState<string | null>(null);
  const channel = useRef<Channel | null>(null);
  const joined = useRef(false);
  /** The latest state the user reached before the channel joined, sent when it does. */
  const pending = useRef<boolean | null>(null);
  const lastSent = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const name = useRef(myName);
  useEffect(() => {
    name.current = myName;
  }, [myName]);

  useEffect(() => {
    if (!ticketId) return;
    let live = true;
    let opened: Channel | null = null;
    void loadSupabase()
      .then((supabase) => {
        if (!live) return;
        opened = supabase.channel(`ticket:${ticketId}`, { config: { private: true } });
        channel.current = opened;
        opened
          .on('broadcast', { event: EVENT }, ({ payload }) => {
            const { name, active } = (payload ?? {}) as { name?: unknown; active?: unknown };
            clearTimeout(clearTimer.current);
            if (active === false) return setTyping(null);
            setTyping(typeof name === 'string' ? name : '');
            clearTimer.current = setTimeout(() => setTyping(null), TYPING_CLEAR_MS);
          })
          .subscribe((status) => {
            joined.current = status === 'SUBSCRIBED';
            if (!joined.current || pending.current === null) return;
            const active = pending.current;
            pending.current = null;
            void opened?.send({ type: 'broadcast', event: EVENT, payload: typingPayload(active, name.current) });
          });
      })
      .catch(() => undefined); // offline: no indicator, nothing else depends on it
    return () => {
      live = false;
      clearTimeout(clearTimer.current);
      channel.current = null;
      joined.current = false;
      pending.current = null;
      setTyping(null);
      if (opened) void opened.unsubscribe();
    };
  }, [ticketId]);

  const send = useCallback((active: boolean) => {
    if (!joined.current) {
      pending.current = active;
      return;
    }
    void channel.current?.send({ type: 'broadcast', event: EVENT, payload: typingPayload(active, name.current) });
  }, []);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_THROTTLE_MS) return;
    lastSent.current = now;
    send(true);
  }, [send]);

  const stopTyping = useCallback(() => {
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    send(false);
  }, [send]);

  return { typing, notifyTyping, stopTyping };
}
