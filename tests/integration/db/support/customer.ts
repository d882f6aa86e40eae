/**
 * A fresh customer for one test case, created as GoTrue and the seed create accounts (an
 * auth.users row; the profile trigger makes the customer profile). A new customer per case keeps
 * cases apart on one shared stack without cleaning rows between them.
 */
import { randomUUID } from 'node:crypto';
import type { TestStack } from '../../support/stack.ts';

export async function newCustomer(t: TestStack): Promise<string> {
  const id = randomUUID();
  await t.db.exec(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', '${id}', 'authenticated', 'authenticated',
      'c-${id}@example.test', '', now(), '', '', '', '',
      '{"provider":"email","providers":["email"]}'::jsonb,
      '{"first_name":"Durable","last_name":"Customer"}'::jsonb, now(), now())`);
  return id;
}
