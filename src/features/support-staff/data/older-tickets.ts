// Tickets outside this device's window (src/db/replication/staff-window.ts), searched on the
// server: resolved or closed, not assigned to me, unchanged for STAFF_WINDOW_DAYS days. Everything
// else a staff member may look for is already on the device. Online only, through TanStack Query.
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { STAFF_WINDOW_DAYS, windowCutoff } from '@/db/replication/staff-window.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';

/** Fewer letters match too much of a help desk's history to be worth a request. */
export const OLDER_SEARCH_MIN = 3;
const LIMIT = 20;

const OlderTicketSchema = v.object({
  id: v.string(),
  subject: v.string(),
  status: v.string(),
  updated_at: v.string(),
});
export type OlderTicket = v.InferOutput<typeof OlderTicketSchema>;

/** A PostgREST logic-tree value, quoted: the search text may hold commas, dots and parentheses. */
const containing = (text: string) => `"*${text.replace(/[\\"]/g, (c) => `\\${c}`)}*"`;

export async function searchOlderTickets(text: string, me: string): Promise<OlderTicket[]> {
  const supabase = await loadSupabase();
  const pattern = containing(text.trim());
  const { data, error } = await supabase
    .from('support_tickets')
    .select('id,subject,status,updated_at')
    .in('status', ['resolved', 'closed'])
    .lt('updated_at', windowCutoff({ userId: me, days: STAFF_WINDOW_DAYS }))
    .or(`assigned_to.is.null,assigned_to.neq.${me}`)
    .or(`subject.ilike.${pattern},description.ilike.${pattern}`)
    .order('updated_at', { ascending: false })
    .limit(LIMIT);
  if (error) throw new Error(error.message);
  return v.parse(v.array(OlderTicketSchema), data);
}

export const olderTicketsQuery = (text: string, me: string) =>
  queryOptions({
    queryKey: ['support-staff', 'older-tickets', me, text.trim().toLowerCase()],
    queryFn: () => searchOlderTickets(text, me),
  });
