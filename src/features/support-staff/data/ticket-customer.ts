// The customer behind a ticket, for the staff member answering it: ticket_customer_summary()
// (staff only, 42501 for anyone else). Online-only, through TanStack Query: the customer's other
// devices and orders are not replicated to staff devices (staff read devices only through tickets).
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

const DeviceSchema = v.object({
  id: v.string(),
  name: v.string(),
  device_type: v.string(),
  location: v.nullable(v.string()),
  status: v.string(),
  last_seen: v.nullable(v.string()),
});

const OrderSchema = v.object({
  id: v.string(),
  order_number: v.nullable(v.number()),
  status: v.string(),
  /** numeric arrives as a JSON number inside jsonb. */
  total: v.number(),
  created_at: v.string(),
});

export const TicketCustomerSchema = v.nullable(
  v.object({
    customer: v.nullable(v.object({ name: v.nullable(v.string()), email: v.nullable(v.string()), member_since: v.string() })),
    devices: v.array(DeviceSchema),
    device_count: Count,
    orders: v.array(OrderSchema),
    order_count: Count,
  }),
);
export type TicketCustomer = NonNullable<v.InferOutput<typeof TicketCustomerSchema>>;
export type TicketCustomerOrder = TicketCustomer['orders'][number];


export async function fetchTicketCustomer(ticketId: string): Promise<TicketCustomer | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('ticket_customer_summary', { p_ticket_id: ticketId });
  if (error) throw new Error(error.message);
  return v.parse(TicketCustomerSchema, data);
}

export const ticketCustomerQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ['support-staff', 'ticket-customer', ticketId],
    queryFn: () => fetchTicketCustomer(ticketId),
    // A customer's devices and orders change rarely while a ticket is answered.
    staleTime: 60_000,
  });
