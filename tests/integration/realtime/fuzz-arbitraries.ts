/**
 * fast-check generators of what a hostile or broken client can send to /realtime/v1/websocket:
 * frames of the right shape with wrong contents, wrong shapes, non-JSON, binary frames, oversized
 * and deeply nested frames, join storms. Large frames are built at send time from a size, so a
 * counterexample stays printable.
 */
import fc from 'fast-check';
import { encodeBroadcastPush, type OutFrame } from './frames.ts';

/** Placeholders replaced at send time: a fresh ref, and the join ref of the frame's topic. */
export const AUTO_REF = '\u0000auto-ref';
export const AUTO_JOIN_REF = '\u0000auto-join-ref';

export type Action =
  | { kind: 'frame'; frame: OutFrame }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'huge'; bytes: number; as: 'join' | 'broadcast' | 'text' }
  | { kind: 'deep'; depth: number; as: 'array' | 'payload' }
  | { kind: 'storm'; count: number; withChanges: boolean }
  | { kind: 'heartbeat' };

export interface Tokens {
  anonKey: string;
  serviceRoleKey: string;
  user: string;
  expired: string;
  /** Signed with another secret. */
  foreign: string;
}

export const TOPICS = ['realtime:a', 'realtime:b', 'realtime:public:rt_fuzz', 'realtime:*', 'phoenix', 'realtime:', '', 'realtime:ü', 'realtime:' + 'x'.repeat(300)];
const EVENTS = ['phx_join', 'phx_leave', 'heartbeat', 'broadcast', 'presence', 'access_token', 'phx_reply', 'phx_close', 'phx_error', 'postgres_changes', 'system', 'presence_state', 'nope', 'PHX_JOIN'];
const OWNER = '00000000-0000-4000-8000-00000000000a';

const short = fc.string({ maxLength: 12 });
const anyJson = fc.jsonValue({ maxDepth: 3 });

export const filterArb = fc.oneof(
  fc.constantFrom(
    'id=eq.1', `owner=eq.${OWNER}`, 'id=in.(a,b,c)', 'id=in.()', 'id=in.(', 'id=like.x%', 'nope=eq.1', 'id=eq.', '=eq.1', 'id',
    'id=eq.1,body=eq.2', "id=eq.1' or '1'='1", 'body=gte.', 'body=is.null', 'id=neq.x', 'id=lt.', 'id=eq.a=b', `id=in.(${'a,'.repeat(400)}a)`,
  ),
  fc.tuple(fc.constantFrom('id', 'owner', 'body', 'nope', '"id"', ''), fc.constantFrom('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'is', ''), short)
    .map(([c, o, v]) => `${c}=${o}.${v}`),
  short,
);

export const bindingArb = fc.record(
  {
    event: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('*', 'INSERT', 'UPDATE', 'DELETE', 'insert', 'TRUNCATE', 'bogus', '') }, { weight: 1, arbitrary: anyJson }),
    schema: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('public', 'auth', 'realtime', 'pg_catalog', 'nope', '', '*', '"public"') }, { weight: 1, arbitrary: anyJson }),
    table: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('rt_fuzz', 'rt_hidden', 'nope', '*', '', 'rt_fuzz; drop table rt_fuzz', 'users', 'pg_authid', 'RT_FUZZ') },
      { weight: 1, arbitrary: anyJson },
    ),
    filter: fc.oneof({ weight: 3, arbitrary: filterArb }, { weight: 1, arbitrary: anyJson }),
  },
  { requiredKeys: ['event', 'schema'] },
);

export function tokenArb(tokens: Tokens) {
  const { anonKey, serviceRoleKey, user, expired, foreign } = tokens;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(user, expired, foreign, anonKey, serviceRoleKey, `${user}x`, `Bearer ${user}`, '', 'a.b.c', 'null', user.split('.').slice(0, 2).join('.') + '.') },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: anyJson },
  );
}

function joinPayloadArb(tokens: Tokens) {
  const config = fc.record(
    {
      broadcast: fc.oneof(fc.record({ self: fc.oneof(fc.boolean(), anyJson), ack: fc.oneof(fc.boolean(), anyJson) }, { requiredKeys: [] }), anyJson),
      presence: fc.oneof(fc.record({ key: fc.oneof(short, anyJson), enabled: fc.oneof(fc.boolean(), anyJson) }, { requiredKeys: [] }), anyJson),
      postgres_changes: fc.oneof({ weight: 4, arbitrary: fc.array(bindingArb, { maxLength: 4 }) }, { weight: 1, arbitrary: anyJson }),
      private: fc.oneof(fc.boolean(), anyJson),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ config, access_token: tokenArb(tokens) }, { requiredKeys: ['config'] }) },
    { weight: 1, arbitrary: anyJson },
  );
}

function payloadFor(event: string, tokens: Tokens) {
  switch (event) {
    case 'phx_join':
      return joinPayloadArb(tokens);
    case 'broadcast':
      return fc.oneof(fc.record({ type: fc.constantFrom('broadcast', 'presence', 'x'), event: fc.oneof(short, anyJson), payload: anyJson }, { requiredKeys: [] }), anyJson);
    case 'presence':
      return fc.oneof(fc.record({ type: fc.constant('presence'), event: fc.constantFrom('track', 'untrack', 'nope'), payload: anyJson }, { requiredKeys: [] }), anyJson);
    case 'access_token':
      return fc.oneof(fc.record({ access_token: tokenArb(tokens) }), anyJson);
    default:
      return anyJson;
  }
}

const refArb = fc.oneof({ weight: 10, arbitrary: fc.constant<unknown>(AUTO_REF) }, { weight: 1, arbitrary: anyJson });
const joinRefArb = fc.oneof({ weight: 6, arbitrary: fc.constant<unknown>(AUTO_JOIN_REF) }, { weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: anyJson });

function frameArb(tokens: Tokens): fc.Arbitrary<OutFrame> {
  const topic = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...TOPICS) }, { weight: 1, arbitrary: short }, { weight: 1, arbitrary: anyJson });
  const named = fc.constantFrom(...EVENTS).chain((event) =>
    fc.record({ join_ref: joinRefArb, ref: refArb, topic, event: fc.constant<unknown>(event), payload: payloadFor(event, tokens) }),
  );
  const wrongTypes = fc.record({ join_ref: anyJson, ref: anyJson, topic: anyJson, event: fc.oneof(short, anyJson), payload: anyJson });
  return fc.oneof({ weight: 8, arbitrary: named }, { weight: 2, arbitrary: wrongTypes });
}

const kind3Arb = fc.record({
  joinRef: fc.oneof(fc.constant('1'), short),
  ref: fc.oneof(fc.constant('2'), short),
  topic: fc.oneof(fc.constantFrom(...TOPICS.slice(0, 4)), short),
  event: short,
  metadata: fc.oneof(fc.constant(''), fc.constant('{"a":1}'), short),
  encoding: fc.constantFrom(0, 1, 1, 2, 255),
  payload: fc.oneof(anyJson.map((j) => new Uint8Array(Buffer.from(JSON.stringify(j) ?? 'null'))), fc.uint8Array({ maxLength: 64 })),
});

const binaryArb = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  kind3Arb.map((m) => new Uint8Array(encodeBroadcastPush(m))),
  // A valid kind-3 frame with one header length lying, or cut short.
  fc.tuple(kind3Arb, fc.integer({ min: 1, max: 5 }), fc.nat(255), fc.boolean()).map(([m, at, v, cut]) => {
    const b = encodeBroadcastPush(m);
    if (cut) return new Uint8Array(b.subarray(0, Math.min(b.length - 1, 3 + v % 12)));
    b[at] = v;
    return new Uint8Array(b);
  }),
  fc.tuple(fc.constantFrom(0, 1, 2, 4, 5, 255), fc.uint8Array({ maxLength: 40 })).map(([kind, rest]) => new Uint8Array([kind, ...rest])),
  fc.constant(new Uint8Array(0)),
);

const textArb = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.constantFrom('[', '{', '[1,2', 'null', 'true', '1', '"x"', '[]', '{}', '[null,null,null,null]', '[null,"1","phoenix","heartbeat",{},1]', 'NaN', '\u0000', '[null,"1","phoenix","heartbeat",{}', '{"topic":"phoenix"}'),
  fc.array(anyJson, { maxLength: 8 }).map((a) => JSON.stringify(a)),
);

export function actionArb(tokens: Tokens): fc.Arbitrary<Action> {
  return fc.oneof(
    { weight: 40, arbitrary: frameArb(tokens).map((frame) => ({ kind: 'frame' as const, frame })) },
    { weight: 12, arbitrary: textArb.map((text) => ({ kind: 'text' as const, text })) },
    { weight: 10, arbitrary: binaryArb.map((bytes) => ({ kind: 'binary' as const, bytes })) },
    { weight: 6, arbitrary: fc.constant({ kind: 'heartbeat' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('huge' as const), bytes: fc.constantFrom(1_100_000, 3_000_000), as: fc.constantFrom('join' as const, 'broadcast' as const, 'text' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.constantFrom(1_000, 20_000, 200_000), as: fc.constantFrom('array' as const, 'payload' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('storm' as const), count: fc.integer({ min: 20, max: 120 }), withChanges: fc.boolean() }) },
  );
}

export type ConnectAs = 'anon' | 'service' | 'junk' | 'user-token-as-apikey';
export const connectArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant<ConnectAs>('anon') },
  { weight: 2, arbitrary: fc.constant<ConnectAs>('service') },
  { weight: 1, arbitrary: fc.constantFrom<ConnectAs>('junk', 'user-token-as-apikey') },
);
