/**
 * The aal rule: an admin with a verified MFA factor reaches admin data only with an aal2 session;
 * at aal1 they are treated like a non-admin on admin-only tables.
 */
import { beforeAll, expect, it } from 'vitest';
import type { TestStack } from '../../../tests/integration/support/stack.ts';
import { clientFor, createUser, probe } from './actors.ts';
import type { World } from './fixtures.ts';

export function aalSuite(ctx: () => { t: TestStack; world: World }) {
  let admin: string;
  beforeAll(async () => {
    admin = await createUser(ctx().t, { role: 'admin', verifiedFactor: true });
  });

  const adminTables = ['inventory', 'financial_transactions', 'newsletter_subscriptions'] as const;

  for (const table of adminTables) {
    it(`an admin with a verified factor reads ${table} only at aal2`, async () => {
      const { t, world } = ctx();
      const ids = Object.values(world.rows[table]!);
      const aal1 = await (await clientFor(t, admin, 'aal1')).from(table).select('id').in('id', ids);
      expect(aal1.error).toBeNull();
      expect(aal1.data).toEqual([]);
      const aal2 = await (await clientFor(t, admin, 'aal2')).from(table).select('id').in('id', ids);
      expect(aal2.error).toBeNull();
      expect(aal2.data?.map((r) => r.id).sort()).toEqual([...ids].sort());
    });
  }

  it('an admin with a verified factor writes inventory only at aal2', async () => {
    const { t } = ctx();
    const sku = (s: string) => `SKU-AAL-${s}-${admin.slice(0, 6)}`;
    const at1 = await (await clientFor(t, admin, 'aal1')).from('inventory').insert({ product_name: 'X', sku: sku('1') });
    expect(at1.error?.code).toBe('42501');
    const at2 = await (await clientFor(t, admin, 'aal2')).from('inventory').insert({ product_name: 'X', sku: sku('2') });
    expect(at2.error).toBeNull();
    expect(await probe(t, 'select count(*)::int as v from public.inventory where sku = any($1)', [[sku('1'), sku('2')]])).toBe(1);
  });

  it('an admin with a verified factor changes roles only at aal2', async () => {
    const { t } = ctx();
    const target = await createUser(t);
    const at1 = await (await clientFor(t, admin, 'aal1')).from('profiles').update({ role: 'support' }).eq('user_id', target);
    expect(at1.error).toBeNull(); // RLS hides the row at aal1: 0 rows, no change
    expect(await probe(t, 'select role::text as v from public.profiles where user_id = $1', [target])).toBe('customer');
    const at2 = await (await clientFor(t, admin, 'aal2')).from('profiles').update({ role: 'support' }).eq('user_id', target);
    expect(at2.error).toBeNull();
    expect(await probe(t, 'select role::text as v from public.profiles where user_id = $1', [target])).toBe('support');
  });

  it('an admin without a factor is not held to aal2 (matrix admin), a customer at aal2 gains nothing', async () => {
    const { t, world } = ctx();
    const ids = Object.values(world.rows.inventory!);
    const customer = await (await clientFor(t, world.users.customerA, 'aal2')).from('inventory').select('id').in('id', ids);
    expect(customer.data).toEqual([]);
    const plain = await (await clientFor(t, world.users.admin, 'aal1')).from('inventory').select('id').in('id', ids);
    expect(plain.data).toHaveLength(ids.length);
  });
}
