/**
 * Writes whose answer must not reveal other people's data: a repeat newsletter subscription is
 * answered exactly like a new one (status, body, Content-Range, also with a count or a
 * representation asked for), and an access code collides only with the codes of its own device.
 * Every request goes through /rest/v1 as anon or a customer, never as the owner.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { clientFor, createUser, probe } from './support/actors.ts';
import { nextCode } from './support/fixtures.ts';

interface Answer { status: number; body: string; range: string | null }

describeEngines('existence oracles', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine });
  });
  afterAll(() => t?.close());

  /** A raw POST, so headers and the exact body can be compared. */
  async function subscribe(email: string, prefer = '', token?: string, extra: Record<string, unknown> = {}): Promise<Answer> {
    const res = await fetch(`${t.url}/rest/v1/newsletter_subscriptions`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        Authorization: `Bearer ${token ?? t.anonKey}`,
        'Content-Type': 'application/json',
        ...(prefer ? { Prefer: prefer } : {}),
      },
      body: JSON.stringify({ email, source: 'footer', ...extra }),
    });
    return { status: res.status, body: await res.text(), range: res.headers.get('content-range') };
  }
  const rowsFor = (email: string) =>
    t.db.query<{ name: string | null; source: string; created_at: Date }>(
      'select name, source, created_at from public.newsletter_subscriptions where email = $1', [email]);
  const fresh = () => `reader-${randomUUID().slice(0, 8)}@example.test`;

  it('a repeat subscription is answered exactly like a new one, for every Prefer a caller may send', async () => {
    const customer = await t.userToken(await createUser(t));
    for (const [prefer, token] of [['', undefined], ['return=minimal', undefined], ['count=exact', undefined],
      ['return=representation', undefined], ['return=representation', customer], ['count=exact', customer]] as const) {
      const email = fresh();
      const first = await subscribe(email, prefer, token);
      const repeat = await subscribe(email, prefer, token);
      const other = await subscribe(fresh(), prefer, token);
      expect(repeat, `Prefer "${prefer}" ${token ? 'customer' : 'anon'}`).toEqual(first);
      expect(other).toEqual(first);
    }
  });

  it('keeps one row per address, the first one, whatever case or spacing a repeat uses', async () => {
    const email = fresh();
    const first = await subscribe(email, '', undefined, { name: 'First', source: 'landing' });
    expect(first.status).toBe(201);
    const stored = (await rowsFor(email)).rows;
    for (const variant of [email, email.toUpperCase(), `  ${email.replace('reader', 'Reader')}  `]) {
      expect(await subscribe(variant, '', undefined, { name: 'Impostor', source: 'footer' })).toEqual(first);
    }
    expect((await rowsFor(email)).rows).toEqual(stored);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'First', source: 'landing' });
  });

  it('simultaneous subscriptions of one address all succeed and leave one row', async () => {
    const email = fresh();
    const answers = await Promise.all(Array.from({ length: 6 }, () => subscribe(email)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect((await rowsFor(email)).rows).toHaveLength(1);
  });

  it("an access code already active on another customer's device can be issued as is; on the same device it is replaced", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const [deviceA, deviceA2, deviceB] = [randomUUID(), randomUUID(), randomUUID()];
    await t.db.query(`insert into public.devices (id, user_id, name) values ($1, $2, 'A'), ($3, $2, 'A2'), ($4, $5, 'B')`,
      [deviceA, a, deviceA2, deviceB, b]);
    const [clientA, clientB] = [await clientFor(t, a), await clientFor(t, b)];
    const code = nextCode();
    const issue = (client: typeof clientA, user: string, device: string) =>
      client.from('access_permissions').insert({ user_id: user, device_id: device, access_code: code }).select('id').single();

    const mine = await issue(clientA, a, deviceA);
    expect(mine.error).toBeNull();
    const theirs = await issue(clientB, b, deviceB);
    expect(theirs.error).toBeNull();
    expect((await issue(clientA, a, deviceA2)).error).toBeNull();
    // Only a collision on the customer's own device changes the code (20261127000500).
    expect(await probe(t, 'select count(*)::int as v from public.access_permissions where access_code = $1', [code])).toBe(3);
    const again = await clientA.from('access_permissions').insert({ user_id: a, device_id: deviceA, access_code: code }).select('access_code').single();
    expect(again.error).toBeNull();
    expect(again.data!.access_code).not.toBe(code);

    // Each device opens only for its own permission.
    const redeem = async (client: typeof clientA, device: string) =>
      ((await client.rpc('redeem_access_code', { p_device_id: device, p_code: code })).data as { ok: boolean; permission_id: string });
    expect(await redeem(clientA, deviceA)).toMatchObject({ ok: true, permission_id: mine.data!.id });
    expect(await redeem(clientB, deviceB)).toMatchObject({ ok: true, permission_id: theirs.data!.id });
    expect(await probe(t, 'select sum(usage_count)::int as v from public.access_permissions where access_code = $1', [code])).toBe(2);
  });
});
