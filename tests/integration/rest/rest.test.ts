/**
 * /rest/v1 against the real stack on both engines, through supabase-js and raw HTTP. One stack per
 * engine serves every suite (starting PGlite dominates the run time); suites keep to their own rows.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { authSuite } from './auth.suite.ts';
import { errorsSuite } from './errors.suite.ts';
import { REST_FIXTURE } from './fixture.ts';
import { limitsSuite } from './limits.suite.ts';
import { readSuite } from './read.suite.ts';
import { rpcSuite } from './rpc.suite.ts';
import { rxdbSuite } from './rxdb.suite.ts';
import { writeSuite } from './write.suite.ts';

describeEngines('/rest/v1', (engine) => {
  let t: TestStack | undefined;
  const get = () => {
    if (!t) throw new Error('stack not started');
    return t;
  };
  beforeAll(async () => {
    // Aggregates and plans on, for the suites that test them (PostgREST ships them off: product.test.ts checks that).
    t = await startTestStack({ engine, bare: true, fixtureSql: REST_FIXTURE, configOverrides: { api: { max_rows: 100, db_aggregates_enabled: true, db_plan_enabled: true } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('reads', () => readSuite(get));
  describe('writes', () => writeSuite(get));
  describe('rpc', () => rpcSuite(get));
  describe('auth and RLS', () => authSuite(get));
  describe('bad input', () => errorsSuite(get));
  describe('request limits, names and settings', () => limitsSuite(get));
  describe('RxDB replication plugin', () => rxdbSuite(get, engine));
});
