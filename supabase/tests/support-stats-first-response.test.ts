/**
 * support_stats()'s average first-response time, computed with one grouped join since
 * 20261129000450: on a varied set of tickets (staff replies, internal notes, the owner's own
 * messages, deleted messages and tickets, a staff member's own ticket) it equals what the earlier
 * per-ticket lookup computed (the reference query below is that computation).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

const REFERENCE = `select round(avg(extract(epoch from (r.first_reply - t.created_at)) / 60)::numeric, 1)::float8 as avg
  from public.support_tickets t
  join lateral (
    select min(m.created_at) as first_reply
    from public.support_messages m
    join public.profiles p on p.user_id = m.user_id and p.role in ('support', 'admin')
    where m.ticket_id = t.id and m.user_id <> t.user_id and not m.is_internal and not m._deleted
  ) r on r.first_reply is not null
  where not t._deleted`;

describeEngines('support_stats first response', (engine) => {
  let t: TestStack;
  let support: TestUser;

  beforeAll(async () => {
    t = await startTestStack({ engine });
    const [s, admin, c1, c2] = await Promise.all([createUser(t, 'support'), createUser(t, 'admin'), createUser(t), createUser(t)]);
    support = s;
    await t.db.exec('delete from public.support_tickets');
    const users = [s.id, admin.id, c1.id, c2.id];
    // 120 tickets (some by staff); 0 to 4 messages each from any of the four users, some internal,
    // some deleted; a few tickets deleted.
    await t.db.query(`insert into public.support_tickets (user_id, subject, description, category_id, status, priority, created_at, _deleted)
      select ($1::uuid[])[1 + g % 4], 'Ticket ' || g, 'Something about the door.', (select id from public.support_categories order by id limit 1), 'open', 'low',
        now() - (g * 37) * interval '1 minute', g % 17 = 0
      from generate_series(1, 120) g`, [users]);
    await t.db.query(`insert into public.support_messages (ticket_id, user_id, message, is_internal, created_at, _deleted)
      select tk.id, ($1::uuid[])[1 + (n * 7 + tk.k) % 4], 'A message', (n + tk.k) % 5 = 0,
        tk.created_at + ((n * 13 + tk.k) % 300) * interval '1 minute', (n * tk.k) % 11 = 0
      from (select id, created_at, row_number() over (order by created_at) as k from public.support_tickets) tk
      cross join generate_series(1, 4) n
      where n <= tk.k % 5`, [users]);
  });
  afterAll(() => t?.close());

  it('equals the per-ticket computation', async () => {
    const expected = await one<{ avg: number | null }>(t, REFERENCE);
    expect(expected.avg).not.toBeNull();
    const { data, error } = await support.client.rpc('support_stats');
    expect(error).toBeNull();
    expect(data.avg_first_response_minutes).toBe(expected.avg);
  });
});
