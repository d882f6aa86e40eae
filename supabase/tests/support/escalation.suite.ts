/**
 * Self-escalation and protected columns: nobody but an admin changes a role, through any write
 * shape; customers cannot pick ticket workflow fields, move codes to foreign devices, reset usage
 * counts, or rewrite notifications; admins change only an order's status; support cannot move a
 * ticket to another customer.
 */
import { expect, it } from 'vitest';
import type { TestStack } from '../../../tests/integration/support/stack.ts';
import { clientFor, createUser, probe } from './actors.ts';
import { nextCode, type World } from './fixtures.ts';

const roleOf = (t: TestStack, id: string) => probe(t, 'select role::text as v from public.profiles where user_id = $1', [id]);

export function escalationSuite(ctx: () => { t: TestStack; world: World }) {
  it('a customer cannot update their own role', async () => {
    const { t } = ctx();
    const me = await createUser(t);
    const { error } = await (await clientFor(t, me)).from('profiles').update({ role: 'admin' }).eq('user_id', me);
    expect(error?.code).toBe('42501');
    expect(await roleOf(t, me)).toBe('customer');
  });

  it('a customer can update their names when the body repeats their unchanged role', async () => {
    const { t } = ctx();
    const me = await createUser(t);
    const { error } = await (await clientFor(t, me)).from('profiles').update({ first_name: 'New', role: 'customer' }).eq('user_id', me);
    expect(error).toBeNull();
    expect(await probe(t, 'select first_name as v from public.profiles where user_id = $1', [me])).toBe('New');
  });

  it('a customer cannot insert or upsert a profile with a role', async () => {
    const { t } = ctx();
    const me = await createUser(t);
    const client = await clientFor(t, me);
    const upsert = await client.from('profiles').upsert({ user_id: me, role: 'admin' });
    expect(upsert.error?.code).toBe('42501');
    await t.db.query('delete from public.profiles where user_id = $1', [me]);
    const insert = await client.from('profiles').insert({ user_id: me, role: 'admin' });
    expect(insert.error?.code).toBe('42501');
    expect(await probe(t, 'select count(*)::int as v from public.profiles where user_id = $1', [me])).toBe(0);
  });

  it('support staff cannot promote themselves; an admin can change roles', async () => {
    const { t, world } = ctx();
    const staff = await createUser(t, { role: 'support' });
    const self = await (await clientFor(t, staff)).from('profiles').update({ role: 'admin' }).eq('user_id', staff);
    expect(self.error?.code).toBe('42501');
    expect(await roleOf(t, staff)).toBe('support');
    const promoted = await (await clientFor(t, world.users.admin)).from('profiles').update({ role: 'admin' }).eq('user_id', staff);
    expect(promoted.error).toBeNull();
    expect(await roleOf(t, staff)).toBe('admin');
  });

  it("a customer's new ticket gets the default status and no assignee whatever they send", async () => {
    const { t, world } = ctx();
    const me = await createUser(t);
    const { data, error } = await (await clientFor(t, me)).from('support_tickets').insert({
      user_id: me, subject: 'Door', description: 'The door is stuck halfway', status: 'resolved',
      assigned_to: world.users.support, category_id: world.rows.support_categories!.activeCategory,
    }).select('status, assigned_to, resolved_at').single();
    expect(error).toBeNull();
    expect(data).toEqual({ status: 'open', assigned_to: null, resolved_at: null });
  });

  it('a customer cannot open a ticket for someone else or in an inactive category', async () => {
    const { t, world } = ctx();
    const client = await clientFor(t, world.users.customerA);
    const base = { subject: 'S', description: 'Long enough text' };
    const forged = await client.from('support_tickets').insert({ ...base, user_id: world.users.customerB, category_id: world.rows.support_categories!.activeCategory });
    expect(forged.error?.code).toBe('42501');
    const inactive = await client.from('support_tickets').insert({ ...base, user_id: world.users.customerA, category_id: world.rows.support_categories!.inactiveCategory });
    expect(inactive.error?.code).toBe('42501');
  });

  it("access codes: never on another customer's device; usage_count and revocation are one-way", async () => {
    const { t, world } = ctx();
    const A = world.users.customerA;
    const client = await clientFor(t, A);
    const foreign = await client.from('access_permissions').insert({ user_id: A, device_id: world.rows.devices!.deviceB, access_code: nextCode() });
    expect(foreign.error?.code).toBe('42501');
    const own = await client.from('access_permissions')
      .insert({ user_id: A, device_id: world.rows.devices!.deviceA, access_code: nextCode(), usage_count: 7 })
      .select('id, usage_count').single();
    expect(own.error).toBeNull();
    expect(own.data?.usage_count).toBe(0);
    const id = own.data!.id as string;
    const move = await client.from('access_permissions').update({ device_id: world.rows.devices!.deviceB }).eq('id', id);
    expect(move.error?.code).toBe('42501');
    const reset = await client.from('access_permissions').update({ usage_count: 0, max_usage: 5 }).eq('id', id);
    expect(reset.error).toBeNull(); // unchanged usage_count is fine (RxDB sends whole documents)
    const bump = await client.from('access_permissions').update({ usage_count: 3 }).eq('id', id);
    expect(bump.error?.code).toBe('42501');
    expect((await client.from('access_permissions').update({ is_active: false }).eq('id', id)).error).toBeNull();
    const revive = await client.from('access_permissions').update({ is_active: true }).eq('id', id);
    expect(revive.error?.code).toBe('42501');
    expect(await probe(t, 'select is_active::text || usage_count as v from public.access_permissions where id = $1', [id])).toBe('false0');
  });

  it('an active access code is unique on its device; a revoked code may be issued again', async () => {
    const { t, world } = ctx();
    const client = await clientFor(t, world.users.customerA);
    const code = nextCode();
    const row = { user_id: world.users.customerA, device_id: world.rows.devices!.deviceA, access_code: code };
    const first = await client.from('access_permissions').insert(row).select('id').single();
    expect(first.error).toBeNull();
    // A second insert of the same active code gets a fresh code (20261127000500); changing another
    // code to an active one is still refused by the unique index.
    const second = await client.from('access_permissions').insert(row).select('id, access_code').single();
    expect(second.error).toBeNull();
    expect(second.data!.access_code).not.toBe(code);
    const clash = await client.from('access_permissions').update({ access_code: code }).eq('id', second.data!.id);
    expect(clash.error?.code).toBe('23505');
    await client.from('access_permissions').update({ is_active: false }).eq('id', first.data!.id);
    const third = await client.from('access_permissions').insert(row).select('access_code').single();
    expect(third.error).toBeNull();
    expect(third.data!.access_code).toBe(code);
    expect((await client.from('access_permissions').insert({ ...row, access_code: 'abc123' })).error?.code).toBe('23514');
  });

  it('a customer may only flip is_read on their notifications; an admin only an order status', async () => {
    const { t, world } = ctx();
    const n = world.rows.notifications!.notificationA!;
    const customer = await clientFor(t, world.users.customerA);
    expect((await customer.from('notifications').update({ title: 'Pwned' }).eq('id', n)).error?.code).toBe('42501');
    expect((await customer.from('notifications').update({ is_read: true, title: 'For A' }).eq('id', n)).error).toBeNull();
    const admin = await clientFor(t, world.users.admin);
    const o = world.rows.orders!.orderA!;
    expect((await admin.from('orders').update({ total: 0.01 }).eq('id', o)).error?.code).toBe('42501');
    expect(await probe(t, 'select total::text as v from public.orders where id = $1', [o])).toBe('0.00');
  });

  it("support cannot move a ticket to another customer (the owner never changes)", async () => {
    const { t, world } = ctx();
    const staff = await clientFor(t, world.users.support);
    const ticket = world.rows.support_tickets!.ticketA!;
    const moved = await staff.from('support_tickets').update({ user_id: world.users.customerB }).eq('id', ticket);
    expect(moved.error?.code).toBe('42501');
    expect(await probe(t, 'select user_id::text as v from public.support_tickets where id = $1', [ticket])).toBe(world.users.customerA);
  });

  it('staff assign tickets to staff only', async () => {
    const { t, world } = ctx();
    const staff = await clientFor(t, world.users.support);
    const ticket = world.rows.support_tickets!.ticketB!;
    const toCustomer = await staff.from('support_tickets').update({ assigned_to: world.users.customerA }).eq('id', ticket);
    expect(toCustomer.error?.code).toBe('23514');
    const toStaff = await staff.from('support_tickets').update({ assigned_to: world.users.support }).eq('id', ticket);
    expect(toStaff.error).toBeNull();
    expect(await probe(t, 'select assigned_to::text as v from public.support_tickets where id = $1', [ticket])).toBe(world.users.support);
  });

  it('soft-deleting an access permission deactivates it and frees its code', async () => {
    const { t, world } = ctx();
    const client = await clientFor(t, world.users.customerA);
    const row = { user_id: world.users.customerA, device_id: world.rows.devices!.deviceA, access_code: nextCode() };
    const made = await client.from('access_permissions').insert(row).select('id').single();
    expect((await client.from('access_permissions').update({ _deleted: true }).eq('id', made.data!.id)).error).toBeNull();
    expect(await probe(t, 'select is_active::text as v from public.access_permissions where id = $1', [made.data!.id])).toBe('false');
    expect((await client.from('access_permissions').insert(row)).error).toBeNull();
  });
}
