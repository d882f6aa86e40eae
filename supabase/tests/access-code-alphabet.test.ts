/**
 * Codes the server generates (20261129000700) never contain characters that pass for one another
 * (O/0/Q, I/1/L, S/5, Z/2, B/8) and use the same 24 symbols as the client's generator; a code
 * entered in the spec's format with such characters is still a valid access code.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_EXCLUDED } from '../../src/features/access-codes/code.ts';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './functions/helpers.ts';

const DRAWS = 20_000;

describeEngines('access code alphabet', (engine) => {
  let t: TestStack;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestStack({ engine });
    owner = await createUser(t);
  });
  afterAll(() => t?.close());

  it(`${DRAWS} generated codes: 6 characters of the spec format, none excluded, every symbol of the client's alphabet used`, async () => {
    const { rows } = await t.db.query<{ c: string }>(`select private.random_access_code() as c from generate_series(1, ${DRAWS})`);
    expect(rows).toHaveLength(DRAWS);
    const excluded = new RegExp(`[${ACCESS_CODE_EXCLUDED}]`);
    expect(rows.filter((r) => !/^[A-Z0-9]{6}$/.test(r.c))).toEqual([]);
    expect(rows.filter((r) => excluded.test(r.c))).toEqual([]);
    const used = new Set(rows.map((r) => r.c).join(''));
    expect([...used].sort().join('')).toBe([...ACCESS_CODE_ALPHABET].sort().join(''));
  });

  it('a colliding code is replaced by one without look-alikes; an entered code with them is still accepted', async () => {
    const device = randomUUID();
    await t.db.query('insert into public.devices (id, user_id, name) values ($1, $2, $3)', [device, owner.id, 'Side door']);
    const push = (code: string) =>
      owner.client.from('access_permissions').insert({ id: randomUUID(), user_id: owner.id, device_id: device, access_code: code }).select('access_code').single();
    // O0I1S5: every character a look-alike, yet the spec's format, so the column takes it.
    const entered = await push('O0I1S5');
    expect(entered.error).toBeNull();
    expect(entered.data!.access_code).toBe('O0I1S5');
    for (let i = 0; i < 20; i++) {
      const { data, error } = await push('O0I1S5');
      expect(error).toBeNull();
      expect(data!.access_code).toMatch(/^[ACDEFGHJKMNPRTUVWXY34679]{6}$/);
    }
  });
});
