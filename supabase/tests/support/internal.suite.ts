/**
 * Internal ticket messages are invisible to customers through every REST path: the table, a
 * filter on is_internal, an embedded select from support_tickets, and the private helpers are not
 * callable as RPCs. Staff do see them (so the checks would notice a leak).
 */
import { expect, it } from 'vitest';
import type { TestStack } from '../../../tests/integration/support/stack.ts';
import { clientFor } from './actors.ts';
import type { World } from './fixtures.ts';

export function internalMessagesSuite(ctx: () => { t: TestStack; world: World }) {
  const ids = (rows: { id: string }[] | null | undefined) => (rows ?? []).map((r) => r.id).sort();

  it('a customer filtering on is_internal gets nothing', async () => {
    const { t, world } = ctx();
    const client = await clientFor(t, world.users.customerA);
    const { data, error } = await client.from('support_messages').select('id').eq('is_internal', true);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('an embedded support_messages(*) under the own ticket hides the internal note; staff see it', async () => {
    const { t, world } = ctx();
    const m = world.rows.support_messages!;
    const ticket = world.rows.support_tickets!.ticketA!;
    const customer = await clientFor(t, world.users.customerA);
    const own = await customer.from('support_tickets').select('id, support_messages(*)').eq('id', ticket).single();
    expect(own.error).toBeNull();
    const seen = (own.data as unknown as { support_messages: { id: string; is_internal: boolean }[] }).support_messages;
    // the matrix adds public messages to this ticket too; what matters is what is (not) there
    expect(ids(seen)).toEqual(expect.arrayContaining([m.messageA!, m.staffReplyA!]));
    expect(ids(seen)).not.toContain(m.internalNoteA!);
    expect(seen.every((x) => !x.is_internal)).toBe(true);
    const staff = await clientFor(t, world.users.support);
    const all = await staff.from('support_tickets').select('id, support_messages(id)').eq('id', ticket).single();
    expect(ids((all.data as unknown as { support_messages: { id: string }[] }).support_messages)).toContain(m.internalNoteA!);
  });

  it('a customer cannot write an internal message, nor reply on a closed ticket', async () => {
    const { t, world } = ctx();
    const A = world.users.customerA;
    const client = await clientFor(t, A);
    const ticket = world.rows.support_tickets!.ticketA!;
    const internal = await client.from('support_messages').insert({ ticket_id: ticket, user_id: A, message: 'x', is_internal: true });
    expect(internal.error?.code).toBe('42501');
    const closed = await client.from('support_tickets')
      .insert({ user_id: A, subject: 'Closed soon', description: 'Will be closed', category_id: world.rows.support_categories!.activeCategory })
      .select('id').single();
    await t.db.query("update public.support_tickets set status = 'closed' where id = $1", [closed.data!.id]);
    const reply = await client.from('support_messages').insert({ ticket_id: closed.data!.id, user_id: A, message: 'hello?' });
    expect(reply.error?.code).toBe('42501');
  });

  it('the private role helpers are not exposed as RPCs', async () => {
    const { t, world } = ctx();
    const client = await clientFor(t, world.users.customerA);
    for (const fn of ['current_user_role', 'is_staff', 'is_admin', 'admin_aal_satisfied', 'handle_new_user']) {
      const { data, error } = await client.rpc(fn);
      expect(data).toBeNull();
      expect(error?.code).toBe('PGRST202');
    }
  });
}
