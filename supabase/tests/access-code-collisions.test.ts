/**
 * An access code created offline that collides with another active code of the same device gets
 * a fresh code on the server (20261127000500), and the owner is told by a notification; the client
 * reads the new code back. Codes on other devices, revoked codes and a retried push of the same
 * row are not collisions. The fresh codes are well-formed and spread over the whole alphabet.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './functions/helpers.ts';
import { nextCode } from './support/fixtures.ts';

describeEngines('access code collisions', (engine) => {
  let t: TestStack;
  let owner: TestUser;

  const newDevice = async (name: string) => {
    const id = randomUUID();
    await t.db.query(`insert into public.devices (id, user_id, name) values ($1, $2, $3)`, [id, owner.id, name]);
    return id;
  };
  const push = (device: string, code: string, id: string = randomUUID()) =>
    owner.client.from('access_permissions').insert({ id, user_id: owner.id, device_id: device, access_code: code }).select('id, access_code').single();
  const notes = async () => (await t.db.query<{ type: string; title: string; body: string; link: string }>(
    'select type, title, body, link from public.notifications where user_id = $1 order by created_at, _modified', [owner.id])).rows;

  beforeAll(async () => {
    t = await startTestStack({ engine });
    owner = await createUser(t);
  });
  afterAll(() => t?.close());

  it("replaces a code already active on the same device and tells the owner; the client reads the new code back", async () => {
    const device = await newDevice('Workshop Door');
    const code = nextCode();
    const first = await push(device, code);
    expect(first.error).toBeNull();
    expect(first.data!.access_code).toBe(code);
    expect(await notes()).toEqual([]);

    const id = randomUUID();
    const second = await push(device, code, id);
    expect(second.error).toBeNull();
    const fresh = second.data!.access_code as string;
    expect(fresh).toMatch(/^[A-Z0-9]{6}$/);
    expect(fresh).not.toBe(code);
    // The read-back after a push (as the replication does) sees the server's code.
    expect((await owner.client.from('access_permissions').select('access_code').eq('id', id).single()).data).toEqual({ access_code: fresh });
    expect(await notes()).toEqual([{
      type: 'system',
      title: 'Access code changed',
      body: `The code ${code} was already in use on Workshop Door, so this code is now ${fresh}.`,
      link: '/dashboard/access',
    }]);
    // The door log records the code the permission really has.
    const created = await t.db.query<{ access_code: string }>(
      "select access_code from public.device_events where permission_id = $1 and kind = 'code_created'", [id]);
    expect(created.rows).toEqual([{ access_code: fresh }]);
    // Both codes open the door, each for its own permission.
    for (const [c, perm] of [[code, first.data!.id], [fresh, id]]) {
      const { data } = await owner.client.rpc('redeem_access_code', { p_device_id: device, p_code: c });
      expect(data).toMatchObject({ ok: true, permission_id: perm });
    }
  });

  it('is not a collision: the same code on another device, next to a revoked or deleted code, or a retried push of the same row', async () => {
    const [a, b] = [await newDevice('A'), await newDevice('B')];
    const before = (await notes()).length;
    const code = nextCode();
    const id = randomUUID();
    expect((await push(a, code, id)).data?.access_code).toBe(code);
    expect((await push(b, code)).data?.access_code).toBe(code);
    // A retried push of the same row is answered by the primary key, not with a new code.
    const retry = await push(a, code, id);
    expect(retry.error?.code).toBe('23505');
    expect((await t.db.query('select 1 from public.access_permissions where id = $1 and access_code = $2', [id, code])).rows).toHaveLength(1);
    // Revoked, then soft-deleted: the code is free again on that device.
    expect((await owner.client.from('access_permissions').update({ is_active: false }).eq('id', id)).error).toBeNull();
    const again = await push(a, code);
    expect(again.data?.access_code).toBe(code);
    expect((await owner.client.from('access_permissions').update({ _deleted: true }).eq('id', again.data!.id)).error).toBeNull();
    expect((await push(a, code)).data?.access_code).toBe(code);
    // An inactive code is never changed, whatever is active.
    const inactive = await owner.client.from('access_permissions')
      .insert({ user_id: owner.id, device_id: a, access_code: code, is_active: false }).select('access_code').single();
    expect(inactive.data?.access_code).toBe(code);
    expect((await notes()).length).toBe(before);
  });

  it('a changed code is still refused when it collides (the unique index stands)', async () => {
    const device = await newDevice('Gate');
    const [x, y] = [nextCode(), nextCode()];
    await push(device, x);
    const other = await push(device, y);
    const clash = await owner.client.from('access_permissions').update({ access_code: x }).eq('id', other.data!.id);
    expect(clash.error?.code).toBe('23505');
  });

  it('regenerated codes avoid every active code of the device and use the whole alphabet', async () => {
    const device = await newDevice('Busy door');
    const code = nextCode();
    await push(device, code);
    const codes = new Set<string>([code]);
    for (let i = 0; i < 40; i++) {
      const { data, error } = await push(device, code);
      expect(error).toBeNull();
      expect(codes.has(data!.access_code)).toBe(false);
      codes.add(data!.access_code);
    }
    // 4,000 codes straight from the generator: 24,000 characters over 24 symbols (~1,000 each);
    // the look-alike-free alphabet itself is checked in access-code-alphabet.test.ts.
    const { rows } = await t.db.query<{ c: string }>('select private.random_access_code() as c from generate_series(1, 4000)');
    expect(rows.every((r) => /^[A-Z0-9]{6}$/.test(r.c))).toBe(true);
    const counts = new Map<string, number>();
    for (const ch of rows.map((r) => r.c).join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(24);
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
    expect(new Set(rows.map((r) => r.c)).size).toBeGreaterThan(3990);
  });
});
