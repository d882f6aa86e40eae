import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { clientWithHeaders, countRows, createUser, one, type TestUser } from './helpers.ts';

interface Redeemed { ok: boolean; reason: string | null; message: string; permission_id: string | null; usage_count?: number; remaining_uses?: number | null }

describeEngines('redeem_access_code', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let stranger: TestUser;
  let support: TestUser;
  const device = randomUUID();
  const otherDevice = randomUUID();
  const ids: Record<string, string> = {};

  async function addDevice(id: string, userId: string) {
    await t.db.query(`insert into public.devices (id, user_id, name) values ($1, $2, 'Garage door')`, [id, userId]);
  }
  async function addCode(code: string, fields: { deviceId?: string; maxUsage?: number | null; usage?: number; active?: boolean; expires?: string | null } = {}) {
    const id = randomUUID();
    await t.db.query(
      `insert into public.access_permissions (id, user_id, device_id, access_code, max_usage, usage_count, is_active, expires_at, granted_to_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, 'Guest')`,
      [id, owner.id, fields.deviceId ?? device, code, fields.maxUsage ?? null, fields.usage ?? 0, fields.active ?? true, fields.expires ?? null],
    );
    ids[code] = id;
    return id;
  }
  const redeem = (u: TestUser, code: string, deviceId = device) =>
    u.client.rpc('redeem_access_code', { p_device_id: deviceId, p_code: code }) as unknown as Promise<{ data: Redeemed | null; error: { code: string; message: string } | null; status: number }>;
  const usage = async (code: string) => (await one<{ usage_count: number }>(t, 'select usage_count from public.access_permissions where id = $1', [ids[code]])).usage_count;
  const logs = (deviceId = device) => t.db.query<{ success: boolean; error_message: string | null; user_id: string }>(
    `select success, error_message, user_id from public.access_logs where action = 'access_code.redeem' and resource = $1 order by created_at, id`, [`devices/${deviceId}`]);

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, stranger, support] = await Promise.all([createUser(t), createUser(t), createUser(t, 'support')]);
    await addDevice(device, owner.id);
    await addDevice(otherDevice, owner.id);
    await addCode('ABC123', { maxUsage: 2, expires: new Date(Date.now() + 86_400_000).toISOString() });
    await addCode('UNLIM1');
    // Expired AND over its limit AND revoked: spec §4 checks Expired first.
    await addCode('EXP001', { maxUsage: 1, usage: 1, active: false, expires: new Date(Date.now() - 60_000).toISOString() });
    // Over its limit AND revoked: Limit Reached comes before Revoked.
    await addCode('LIM001', { maxUsage: 1, usage: 1, active: false });
    await addCode('REV001', { active: false });
    await addCode('OTHER1', { deviceId: otherDevice });
  });
  afterAll(() => t?.close());

  it('refuses anon callers', async () => {
    const { error, status } = await t.client().rpc('redeem_access_code', { p_device_id: device, p_code: 'ABC123' });
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });

  it('grants a valid code until its limit, case- and space-insensitively, logging every attempt', async () => {
    const first = await redeem(owner, ' abc123 ');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ ok: true, reason: null, permission_id: ids.ABC123, usage_count: 1, remaining_uses: 1 });
    expect((await redeem(owner, 'ABC123')).data).toMatchObject({ ok: true, usage_count: 2, remaining_uses: 0 });
    expect((await redeem(owner, 'ABC123')).data).toMatchObject({ ok: false, reason: 'limit_reached', message: 'Limit Reached' });
    expect(await usage('ABC123')).toBe(2);
    const rows = (await logs()).rows;
    expect(rows.map((r) => [r.success, r.error_message])).toEqual([[true, null], [true, null], [false, 'Limit Reached']]);
    expect(rows.every((r) => r.user_id === owner.id)).toBe(true);
  });

  it('grants a code without limit or expiry every time', async () => {
    for (let i = 1; i <= 3; i++) expect((await redeem(owner, 'UNLIM1')).data).toMatchObject({ ok: true, usage_count: i, remaining_uses: null });
  });

  it('reports Expired, then Limit Reached, then Revoked (spec order) and does not count refused uses', async () => {
    expect((await redeem(owner, 'EXP001')).data).toMatchObject({ ok: false, reason: 'expired', message: 'Expired', permission_id: ids.EXP001 });
    expect((await redeem(owner, 'LIM001')).data).toMatchObject({ ok: false, reason: 'limit_reached' });
    expect((await redeem(owner, 'REV001')).data).toMatchObject({ ok: false, reason: 'revoked', message: 'Revoked' });
    expect([await usage('EXP001'), await usage('LIM001'), await usage('REV001')]).toEqual([1, 1, 0]);
  });

  it('refuses unknown codes and codes of another device', async () => {
    expect((await redeem(owner, 'ZZZ999')).data).toMatchObject({ ok: false, reason: 'invalid_code', permission_id: null });
    expect((await redeem(owner, 'OTHER1')).data).toMatchObject({ ok: false, reason: 'invalid_code' });
    expect(await usage('OTHER1')).toBe(0);
    expect((await redeem(owner, 'OTHER1', otherDevice)).data).toMatchObject({ ok: true });
  });

  it("refuses a customer redeeming at someone else's device, without logging or counting", async () => {
    const before = (await logs()).rows.length;
    const { data, error, status } = await redeem(stranger, 'UNLIM1');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(403);
    expect(await usage('UNLIM1')).toBe(3);
    expect((await logs()).rows.length).toBe(before);
    // An unknown device is refused the same way (no probing for device ids).
    expect((await redeem(owner, 'UNLIM1', randomUUID())).error?.code).toBe('42501');
  });

  it('lets support staff redeem at any device', async () => {
    expect((await redeem(support, 'UNLIM1')).data).toMatchObject({ ok: true, usage_count: 4 });
    const last = (await logs()).rows.at(-1);
    expect(last?.user_id).toBe(support.id);
  });

  it('never grants more uses than the limit under concurrent redemptions', async () => {
    const raceDevice = randomUUID();
    await addDevice(raceDevice, owner.id);
    await addCode('RACE01', { maxUsage: 3, deviceId: raceDevice });
    const results = await Promise.all(Array.from({ length: 12 }, () => redeem(owner, 'RACE01', raceDevice)));
    expect(results.filter((r) => r.data?.ok).length).toBe(3);
    expect(results.filter((r) => r.data?.reason === 'limit_reached').length).toBe(9);
    expect(await usage('RACE01')).toBe(3);
  });

  it('throttles guessing: after 10 unknown codes in 10 minutes even a valid code is refused', async () => {
    const guarded = randomUUID();
    await addDevice(guarded, owner.id);
    await addCode('GOOD01', { deviceId: guarded });
    // Refusals of real codes (a guest with an expired code) are not guesses and do not count.
    await addCode('OLD001', { deviceId: guarded, expires: new Date(Date.now() - 1000).toISOString() });
    for (let i = 0; i < 3; i++) expect((await redeem(owner, 'OLD001', guarded)).data?.reason).toBe('expired');
    for (let i = 0; i < 10; i++) expect((await redeem(owner, `BAD${String(i).padStart(3, '0')}`, guarded)).data?.reason).toBe('invalid_code');
    expect((await redeem(owner, 'GOOD01', guarded)).data).toMatchObject({ ok: false, reason: 'too_many_attempts' });
    expect(await usage('GOOD01')).toBe(0);
    // Attempts older than 10 minutes no longer count.
    await t.db.query(`update public.access_logs set created_at = now() - interval '11 minutes' where resource = $1`, [`devices/${guarded}`]);
    expect((await redeem(owner, 'GOOD01', guarded)).data).toMatchObject({ ok: true });
    expect(await countRows(t, `select 1 from public.access_logs where resource = $1 and not success`, [`devices/${guarded}`])).toBe(14);
  });

  it('counts guesses sent with Prefer: tx=rollback: the lockout holds and every attempt is logged', async () => {
    // Under the default db-tx-end (commit) the preference is ignored, as PostgREST ignores it, so a
    // guesser cannot roll back the log rows the lockout counts.
    const outcomes = async (headers: Record<string, string>) => {
      const deviceId = randomUUID();
      await addDevice(deviceId, owner.id);
      const c = clientWithHeaders(t, owner.token, headers);
      const reasons: (string | null | undefined)[] = [];
      for (let i = 0; i < 40; i++) {
        const r = await c.rpc('redeem_access_code', { p_device_id: deviceId, p_code: `BAD${String(i).padStart(3, '0')}` });
        reasons.push((r.data as Redeemed | null)?.reason);
      }
      return { reasons, logs: (await logs(deviceId)).rows.map((r) => [r.success, r.error_message, r.user_id]) };
    };
    const rolledBack = await outcomes({ Prefer: 'tx=rollback' });
    expect(rolledBack.reasons.slice(0, 10)).toEqual(Array(10).fill('invalid_code'));
    expect(rolledBack.reasons.slice(10)).toEqual(Array(30).fill('too_many_attempts'));
    expect(rolledBack.logs).toHaveLength(40);
    expect(rolledBack).toEqual(await outcomes({}));
  });
});
