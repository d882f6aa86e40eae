import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, PASSWORD, raw, totpCode, uniqueEmail } from './helpers.ts';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:5173';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// ---- a software authenticator: P-256 keys, "none" attestation, CTAP2 canonical CBOR ----------

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? cborHead(0, v) : cborHead(1, -v - 1);
  if (typeof v === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([cborHead(2, v.length), Buffer.from(v)]);
  return Buffer.concat([cborHead(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

/** base64url of a string, ArrayBuffer or bytes (supabase-js hands MFA options over as ArrayBuffers). */
const b64 = (v: string | ArrayBuffer | ArrayBufferView): string =>
  typeof v === 'string' ? v : Buffer.from(v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength)).toString('base64url');

interface Ceremony { origin?: string; rpId?: string; type?: string; challenge?: string; flags?: number; signCount?: number; userHandle?: string | null }
type Options = { challenge: string | ArrayBuffer; user?: { id: string | ArrayBuffer } };

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

class Authenticator {
  readonly credentialId = randomBytes(32);
  private readonly key: KeyObject;
  private readonly cose: Buffer;
  userHandle: string | null = null;
  signCount = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cose = cbor(new Map<number, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() */
  create(options: Options, c: Ceremony = {}) {
    this.userHandle = b64(options.user!.id);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      createHash('sha256').update(c.rpId ?? RP_ID).digest(), Buffer.from([c.flags ?? UP | UV | AT]), Buffer.alloc(4), Buffer.alloc(16),
      idLength, this.credentialId, this.cose,
    ]);
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const clientDataJSON = this.clientData(c.type ?? 'webauthn.create', c.challenge ?? b64(options.challenge), c.origin ?? ORIGIN);
    return {
      id: this.id, rawId: this.id, type: 'public-key' as const,
      response: { attestationObject: attestationObject.toString('base64url'), clientDataJSON: clientDataJSON.toString('base64url'), transports: ['usb' as const] },
      clientExtensionResults: {}, authenticatorAttachment: 'cross-platform' as const,
    };
  }

  /** navigator.credentials.get() */
  get(options: Options, c: Ceremony = {}) {
    this.signCount = c.signCount ?? this.signCount + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.signCount);
    const authData = Buffer.concat([createHash('sha256').update(c.rpId ?? RP_ID).digest(), Buffer.from([c.flags ?? UP | UV]), counter]);
    const clientDataJSON = this.clientData(c.type ?? 'webauthn.get', c.challenge ?? b64(options.challenge), c.origin ?? ORIGIN);
    const signature = createSign('SHA256').update(Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()])).sign(this.key);
    const handle = c.userHandle === undefined ? this.userHandle : c.userHandle;
    return {
      id: this.id, rawId: this.id, type: 'public-key' as const,
      response: {
        authenticatorData: authData.toString('base64url'), clientDataJSON: clientDataJSON.toString('base64url'),
        signature: signature.toString('base64url'), ...(handle ? { userHandle: handle } : {}),
      },
      clientExtensionResults: {}, authenticatorAttachment: 'cross-platform' as const,
    };
  }
}

/** What supabase-js's mfa.verify serialises: a credential object with WebAuthn L3's toJSON(). */
const asCredential = <T extends object>(json: T) => ({ ...json, toJSON: () => json }) as never;

// ---- stack and clients -------------------------------------------------------------------

const PASSKEY_CONFIG = {
  passkey: { enabled: true, max_passkeys_per_user: 3 },
  webauthn: { rp_id: RP_ID, rp_display_name: 'Garage tests', rp_origins: [`${ORIGIN}/`] },
  mfa: { max_enrolled_factors: 10, web_authn: { enroll_enabled: true, verify_enabled: true } },
  enable_anonymous_sign_ins: true,
  rate_limit: { passkey: 10_000 },
};

function passkeyClient(t: TestStack, serviceRole = false): SupabaseClient {
  return createClient(t.url, serviceRole ? t.serviceRoleKey : t.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, experimental: { passkey: true } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function passkeyUser(t: TestStack, metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail('pk');
  const created = await passkeyClient(t, true).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: metadata });
  if (created.error) throw created.error;
  const client = passkeyClient(t);
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { client, email, userId: created.data.user.id, token: signIn.data.session.access_token };
}

/** Registers a new passkey for the client's user; returns the authenticator and the passkey id. */
async function register(client: SupabaseClient, authenticator = new Authenticator()) {
  const { data: options, error } = await client.auth.passkey.startRegistration();
  if (error) throw error;
  const created = await client.auth.passkey.verifyRegistration({ challengeId: options!.challenge_id, credential: authenticator.create(options!.options) });
  if (created.error) throw created.error;
  return { authenticator, passkeyId: created.data!.id };
}

async function signIn(t: TestStack, authenticator: Authenticator, ceremony: Ceremony = {}) {
  const client = passkeyClient(t);
  const { data: options, error } = await client.auth.passkey.startAuthentication();
  if (error) throw error;
  const result = await client.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: authenticator.get(options!.options, ceremony) });
  return { client, ...result };
}

const authErr = (e: unknown) => e as { status?: number; code?: string; message?: string } | null;

describeEngines('auth: passkeys and WebAuthn MFA', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, PASSKEY_CONFIG);
  });
  afterAll(() => t?.close());

  it('registers, lists, renames and signs in with a passkey; the session is a passkey session', async () => {
    const { client, email, userId } = await passkeyUser(t, { name: 'Pat Mechanic' });
    const { data: options, error } = await client.auth.passkey.startRegistration();
    expect(error).toBeNull();
    expect(options!.challenge_id).toMatch(UUID);
    expect(options!.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
    const o = options!.options;
    expect(o.rp).toEqual({ id: RP_ID, name: 'Garage tests' });
    // GoTrue's user handle: the UUID's text; the name is the e-mail, the display name user_metadata.name.
    expect(o.user).toEqual({ id: Buffer.from(userId).toString('base64url'), name: email, displayName: 'Pat Mechanic' });
    expect(o.pubKeyCredParams).toEqual(expect.arrayContaining([{ alg: -7, type: 'public-key' }]));
    expect(o.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(o.attestation).toBe('none');
    expect(o.excludeCredentials ?? []).toEqual([]);

    const authenticator = new Authenticator();
    const created = await client.auth.passkey.verifyRegistration({ challengeId: options!.challenge_id, credential: authenticator.create(o) });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ id: expect.stringMatching(UUID), friendly_name: 'Passkey', created_at: expect.any(String) });
    const passkeyId = created.data!.id;
    const stored = await t.db.query<{ credential_id: string; sign_count: string | number; transports: string[] }>(
      `select encode(credential_id, 'hex') as credential_id, sign_count, transports from auth.webauthn_credentials where id = $1`, [passkeyId],
    );
    expect(stored.rows[0]).toMatchObject({ credential_id: authenticator.credentialId.toString('hex'), transports: ['usb'] });

    // The next registration excludes the passkey already held.
    const next = await client.auth.passkey.startRegistration();
    expect(next.data!.options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id, type: 'public-key' })]);

    let listed = await client.auth.passkey.list();
    expect(listed.data).toEqual([{ id: passkeyId, friendly_name: 'Passkey', created_at: created.data!.created_at }]);

    const renamed = await client.auth.passkey.update({ passkeyId, friendlyName: 'Work laptop' });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'Work laptop' });
    expect(authErr((await client.auth.passkey.update({ passkeyId, friendlyName: '' })).error)).toMatchObject({ status: 400, code: 'validation_failed', message: 'friendly_name is required' });
    expect(authErr((await client.auth.passkey.update({ passkeyId, friendlyName: 'x'.repeat(121) })).error)).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(authErr((await client.auth.passkey.update({ passkeyId: crypto.randomUUID(), friendlyName: 'nope' })).error)).toMatchObject({ status: 404, message: 'Passkey not found' });

    const signedIn = await signIn(t, authenticator);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data!.user!.id).toBe(userId);
    const claims = decodeJwt(signedIn.data!.session!.access_token);
    expect(claims).toMatchObject({ sub: userId, aal: 'aal1', role: 'authenticated' });
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(['passkey']);
    expect((await signedIn.client.auth.getUser()).data.user?.id).toBe(userId);
    // The session is a normal one: it refreshes.
    expect((await signedIn.client.auth.refreshSession()).error).toBeNull();

    listed = await client.auth.passkey.list();
    expect(listed.data).toEqual([expect.objectContaining({ id: passkeyId, friendly_name: 'Work laptop', last_used_at: expect.any(String) })]);
    const after = await t.db.query<{ sign_count: string | number }>(`select sign_count from auth.webauthn_credentials where id = $1`, [passkeyId]);
    expect(Number(after.rows[0]!.sign_count)).toBe(1);
    const actions = await t.db.query<{ action: string; passkey_id: string | null }>(
      `select payload->>'action' as action, payload->'traits'->>'passkey_id' as passkey_id from auth.audit_log_entries
       where payload->>'actor_id' = $1 order by created_at`, [userId],
    );
    expect(actions.rows).toEqual(expect.arrayContaining([
      { action: 'passkey_created', passkey_id: passkeyId }, { action: 'passkey_updated', passkey_id: passkeyId }, { action: 'login', passkey_id: passkeyId },
    ]));
  });

  it('answers each challenge once, and only to the relying party, the user and the key it was made for', async () => {
    const alice = await passkeyUser(t);
    const bob = await passkeyUser(t);
    const { authenticator } = await register(alice.client);
    const anon = passkeyClient(t);

    // Replay: the challenge is gone after its first answer.
    let { data: options } = await anon.auth.passkey.startAuthentication();
    const assertion = authenticator.get(options!.options);
    expect((await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: assertion })).error).toBeNull();
    const replay = await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: assertion });
    expect(authErr(replay.error)).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found', message: 'Challenge not found or already used' });

    // A failed answer spends the challenge too.
    ({ data: options } = await anon.auth.passkey.startAuthentication());
    const wrongOrigin = await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: authenticator.get(options!.options, { origin: 'http://evil.test' }) });
    expect(authErr(wrongOrigin.error)).toMatchObject({ status: 400, code: 'webauthn_verification_failed', message: 'Credential verification failed' });
    const retry = await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: authenticator.get(options!.options) });
    expect(authErr(retry.error)).toMatchObject({ code: 'webauthn_challenge_not_found' });

    // Wrong rpId, another challenge, a bad signature, the create ceremony type, no user handle.
    for (const bad of [
      { rpId: 'evil.test' }, { challenge: Buffer.from('not the challenge').toString('base64url') }, { type: 'webauthn.create' }, { userHandle: null },
      { flags: 0 }, // no user presence
    ] as Ceremony[]) {
      const r = await signIn(t, authenticator, bad);
      expect(authErr(r.error), JSON.stringify(bad)).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
      expect(r.data).toBeNull();
    }
    ({ data: options } = await anon.auth.passkey.startAuthentication());
    const tampered = authenticator.get(options!.options);
    tampered.response.signature = Buffer.from(tampered.response.signature, 'base64url').reverse().toString('base64url');
    expect(authErr((await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: tampered })).error)).toMatchObject({ code: 'webauthn_verification_failed' });

    // A key never registered, even one bound to Alice's real user handle.
    const stranger = new Authenticator();
    stranger.userHandle = Buffer.from(alice.userId).toString('base64url');
    expect(authErr((await signIn(t, stranger)).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    // Alice's key presented as Bob's (his user handle): credentials are bound to their user.
    expect(authErr((await signIn(t, authenticator, { userHandle: Buffer.from(bob.userId).toString('base64url') })).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    // Malformed credentials and bodies.
    ({ data: options } = await anon.auth.passkey.startAuthentication());
    expect(authErr((await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: { id: 'x' } as never })).error)).toMatchObject({ status: 400, code: 'webauthn_verification_failed', message: 'Invalid credential response' });
    expect((await raw(t, 'POST', '/passkeys/authentication/verify', { body: { credential: {} } })).json).toMatchObject({ error_code: 'validation_failed', msg: 'challenge_id is required' });
    expect((await raw(t, 'POST', '/passkeys/authentication/verify', { body: { challenge_id: 'nope', credential: {} } })).json).toMatchObject({ msg: 'challenge_id must be a valid UUID' });
    expect((await raw(t, 'POST', '/passkeys/authentication/verify', { body: { challenge_id: crypto.randomUUID() } })).json).toMatchObject({ msg: 'credential is required' });

    // An expired challenge.
    ({ data: options } = await anon.auth.passkey.startAuthentication());
    await t.db.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`, [options!.challenge_id]);
    const expired = await anon.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: authenticator.get(options!.options) });
    expect(authErr(expired.error)).toMatchObject({ status: 400, code: 'webauthn_challenge_expired', message: 'Challenge has expired' });

    // Registration challenges belong to the user who asked, and to registration.
    const aliceOptions = (await alice.client.auth.passkey.startRegistration()).data!;
    const stolen = await bob.client.auth.passkey.verifyRegistration({ challengeId: aliceOptions.challenge_id, credential: new Authenticator().create(aliceOptions.options) });
    expect(authErr(stolen.error)).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    ({ data: options } = await anon.auth.passkey.startAuthentication());
    const crossType = await alice.client.auth.passkey.verifyRegistration({ challengeId: options!.challenge_id, credential: new Authenticator().create({ ...options!.options, user: { id: 'eA' } }) });
    expect(authErr(crossType.error)).toMatchObject({ code: 'webauthn_challenge_not_found' });
    // A registration from another origin or rpId, or without user presence.
    for (const bad of [{ origin: 'http://evil.test' }, { rpId: 'evil.test' }, { flags: UV | AT }, { type: 'webauthn.get' }] as Ceremony[]) {
      const opts = (await alice.client.auth.passkey.startRegistration()).data!;
      const r = await alice.client.auth.passkey.verifyRegistration({ challengeId: opts.challenge_id, credential: new Authenticator().create(opts.options, bad) });
      expect(authErr(r.error), JSON.stringify(bad)).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    }
    // One key, one owner: the same credential cannot be registered again, by anyone.
    for (const who of [alice, bob]) {
      const opts = (await who.client.auth.passkey.startRegistration()).data!;
      const again = await who.client.auth.passkey.verifyRegistration({ challengeId: opts.challenge_id, credential: authenticator.create(opts.options) });
      expect(authErr(again.error)).toMatchObject({ status: 422, code: 'webauthn_credential_exists' });
    }
    expect((await alice.client.auth.passkey.list()).data).toHaveLength(1);
    expect((await bob.client.auth.passkey.list()).data).toEqual([]);
  });

  it('treats a sign counter that goes back as GoTrue does: a clone warning, not a refusal', async () => {
    const { client, userId } = await passkeyUser(t);
    const { authenticator, passkeyId } = await register(client);
    expect((await signIn(t, authenticator, { signCount: 7 })).error).toBeNull();
    const back = await signIn(t, authenticator, { signCount: 3 });
    expect(back.error).toBeNull();
    expect(back.data!.user!.id).toBe(userId);
    const row = await t.db.query<{ sign_count: string | number }>(`select sign_count from auth.webauthn_credentials where id = $1`, [passkeyId]);
    expect(Number(row.rows[0]!.sign_count)).toBe(7); // never lowered
    const warned = await t.db.query(
      `select 1 from auth.audit_log_entries where payload->>'actor_id' = $1 and payload->'traits'->>'clone_warning' = 'true'`, [userId],
    );
    expect(warned.rows).toHaveLength(1);
  });

  it('refuses sign-in to banned and unconfirmed users', async () => {
    const { client, userId } = await passkeyUser(t);
    const { authenticator } = await register(client);
    const admin = passkeyClient(t, true).auth.admin;
    await admin.updateUserById(userId, { ban_duration: '24h' });
    expect(authErr((await signIn(t, authenticator)).error)).toMatchObject({ status: 403, code: 'user_banned', message: 'User is banned' });
    await admin.updateUserById(userId, { ban_duration: 'none' });
    await t.db.query(`update auth.users set email_confirmed_at = null where id = $1`, [userId]);
    expect(authErr((await signIn(t, authenticator)).error)).toMatchObject({ status: 403, code: 'email_not_confirmed' });
    await t.db.query(`update auth.users set email_confirmed_at = now() where id = $1`, [userId]);
    expect((await signIn(t, authenticator)).error).toBeNull();
  });

  it('deletes passkeys for their owner only, and admin routes need the service role', async () => {
    const alice = await passkeyUser(t);
    const bob = await passkeyUser(t);
    const first = await register(alice.client);
    const second = await register(alice.client);
    const admin = passkeyClient(t, true).auth.admin.passkey;

    let listed = await admin.listPasskeys({ userId: alice.userId });
    expect(listed.data?.map((p) => p.id)).toEqual([first.passkeyId, second.passkeyId]);
    for (const bearer of [alice.token, t.anonKey]) {
      const denied = await raw(t, 'GET', `/admin/users/${alice.userId}/passkeys`, { headers: { authorization: `Bearer ${bearer}` } });
      expect([denied.status, denied.json.error_code]).toEqual([403, 'not_admin']);
      const del = await raw(t, 'DELETE', `/admin/users/${alice.userId}/passkeys/${first.passkeyId}`, { headers: { authorization: `Bearer ${bearer}` } });
      expect([del.status, del.json.error_code]).toEqual([403, 'not_admin']);
    }
    const service = { authorization: `Bearer ${t.serviceRoleKey}` };
    expect((await raw(t, 'GET', '/admin/users/nope/passkeys', { headers: service })).json).toMatchObject({ code: 404, error_code: 'validation_failed', msg: 'user_id must be an UUID' });
    expect((await raw(t, 'GET', `/admin/users/${crypto.randomUUID()}/passkeys`, { headers: service })).json).toMatchObject({ code: 404, error_code: 'user_not_found' });
    // An admin removes a passkey through the user it belongs to only.
    const wrongUser = await raw(t, 'DELETE', `/admin/users/${bob.userId}/passkeys/${first.passkeyId}`, { headers: service });
    expect([wrongUser.status, wrongUser.json.msg]).toEqual([404, 'Passkey not found']);

    // Bob can neither rename nor delete Alice's passkey.
    expect(authErr((await bob.client.auth.passkey.update({ passkeyId: first.passkeyId, friendlyName: 'mine' })).error)).toMatchObject({ status: 404 });
    expect(authErr((await bob.client.auth.passkey.delete({ passkeyId: first.passkeyId })).error)).toMatchObject({ status: 404 });

    const removed = await admin.deletePasskey({ userId: alice.userId, passkeyId: second.passkeyId });
    expect(removed.error).toBeNull();
    expect(authErr((await signIn(t, second.authenticator)).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    listed = await admin.listPasskeys({ userId: alice.userId });
    expect(listed.data?.map((p) => p.id)).toEqual([first.passkeyId]);

    const del = await raw(t, 'DELETE', `/passkeys/${first.passkeyId}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(del.status).toBe(204);
    expect((await alice.client.auth.passkey.list()).data).toEqual([]);
    expect(authErr((await alice.client.auth.passkey.delete({ passkeyId: first.passkeyId })).error)).toMatchObject({ status: 404 });
    expect(authErr((await signIn(t, first.authenticator)).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    // Deleting the user takes the passkeys with it.
    const third = await register(bob.client);
    await passkeyClient(t, true).auth.admin.deleteUser(bob.userId);
    expect(await t.db.query(`select 1 from auth.webauthn_credentials where id = $1`, [third.passkeyId]).then((r) => r.rows)).toEqual([]);
  });

  it('needs a signed-in, non-anonymous user, caps passkeys per user, and aal2 to manage them once MFA is on', async () => {
    expect(authErr((await passkeyClient(t).auth.passkey.startRegistration()).error)).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await raw(t, 'POST', '/passkeys/registration/options', { body: {} })).json).toMatchObject({ code: 401, error_code: 'no_authorization' });
    expect((await raw(t, 'GET', '/passkeys')).status).toBe(401);

    const anonymous = passkeyClient(t);
    expect((await anonymous.auth.signInAnonymously()).error).toBeNull();
    expect(authErr((await anonymous.auth.passkey.startRegistration()).error)).toMatchObject({
      status: 403, code: 'no_authorization', message: 'Anonymous user not allowed to perform these actions',
    });
    expect((await anonymous.auth.passkey.list()).data).toEqual([]);

    const { client } = await passkeyUser(t);
    const pending = (await client.auth.passkey.startRegistration()).data!;
    for (let i = 0; i < 3; i++) await register(client);
    expect(authErr((await client.auth.passkey.startRegistration()).error)).toMatchObject({ status: 422, code: 'too_many_passkeys' });
    // A registration started before the cap was reached cannot go past it either.
    const late = await client.auth.passkey.verifyRegistration({ challengeId: pending.challenge_id, credential: new Authenticator().create(pending.options) });
    expect(authErr(late.error)).toMatchObject({ status: 422, code: 'too_many_passkeys' });

    const mfa = await passkeyUser(t);
    const { passkeyId } = await register(mfa.client);
    const totp = (await mfa.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).data!;
    const ch = (await mfa.client.auth.mfa.challenge({ factorId: totp.id })).data!;
    expect((await mfa.client.auth.mfa.verify({ factorId: totp.id, challengeId: ch.id, code: totpCode(totp.totp.secret) })).error).toBeNull();
    const aal1 = passkeyClient(t);
    await aal1.auth.signInWithPassword({ email: mfa.email, password: PASSWORD });
    const insufficient = { status: 403, code: 'insufficient_aal', message: 'AAL2 session is required to manage passkeys when MFA is enabled' };
    expect(authErr((await aal1.auth.passkey.startRegistration()).error)).toMatchObject(insufficient);
    expect(authErr((await aal1.auth.passkey.delete({ passkeyId })).error)).toMatchObject(insufficient);
    expect((await aal1.auth.passkey.list()).data).toHaveLength(1); // listing and renaming stay open
    expect((await mfa.client.auth.passkey.startRegistration()).error).toBeNull(); // the aal2 session may
    expect((await mfa.client.auth.passkey.delete({ passkeyId })).error).toBeNull();
  });

  it('enrols a WebAuthn factor, verifies its key to aal2, signs in with it later, and unenrols', async () => {
    const { client, email } = await passkeyUser(t);
    const enrolled = await client.auth.mfa.webauthn.enroll({ friendlyName: 'YubiKey' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.stringMatching(UUID), type: 'webauthn', friendly_name: 'YubiKey' });
    const factorId = enrolled.data!.id;
    expect((await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey' })).error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const ch = await client.auth.mfa.challenge({ factorId, webauthn: { rpId: 'evil.test', rpOrigins: ['http://evil.test'] } } as never);
    expect(ch.error).toBeNull();
    const challenge = ch.data as unknown as { id: string; type: string; expires_at: number; webauthn: { type: string; credential_options: { publicKey: Options & { rp: { id: string }; user: { name: string } } } } };
    expect(challenge).toMatchObject({ type: 'webauthn', webauthn: { type: 'create' } });
    // The relying party comes from [auth.webauthn], whatever the client names.
    expect(challenge.webauthn.credential_options.publicKey.rp.id).toBe(RP_ID);
    expect(challenge.webauthn.credential_options.publicKey.user.name).toBe(email);
    const key = new Authenticator();
    const attestation = key.create(challenge.webauthn.credential_options.publicKey);

    // The wrong ceremony type, then a foreign origin, are refused; the challenge stays usable (as GoTrue's).
    const verify = (type: 'create' | 'request', credential: object, challengeId = challenge.id) =>
      client.auth.mfa.verify({ factorId, challengeId, webauthn: { type, rpId: RP_ID, rpOrigins: [ORIGIN], credential_response: asCredential(credential) } } as never);
    expect(authErr((await verify('request', key.get(challenge.webauthn.credential_options.publicKey))).error)).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    expect(authErr((await verify('create', key.create(challenge.webauthn.credential_options.publicKey, { origin: 'http://evil.test' }))).error)).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    const ok = await verify('create', attestation);
    expect(ok.error).toBeNull();
    let claims = decodeJwt(ok.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(expect.arrayContaining(['mfa/webauthn', 'password']));
    expect(authErr((await verify('create', attestation)).error)).toMatchObject({ status: 422 }); // the challenge is spent

    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'verified', web_authn_aaguid: '00000000-0000-0000-0000-000000000000' })]);

    // A later password sign-in is aal1 with aal2 to reach through the key.
    const later = passkeyClient(t);
    await later.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const req2 = (await later.auth.mfa.challenge({ factorId })).data as unknown as typeof challenge & { webauthn: { credential_options: { publicKey: { allowCredentials: { id: ArrayBuffer }[] } } } };
    expect(req2.webauthn.type).toBe('request');
    expect(req2.webauthn.credential_options.publicKey.allowCredentials.map((c) => b64(c.id))).toEqual([key.id]);
    const laterVerify = (type: 'create' | 'request', credential: object, challengeId = req2.id) =>
      later.auth.mfa.verify({ factorId, challengeId, webauthn: { type, rpId: RP_ID, rpOrigins: [ORIGIN], credential_response: asCredential(credential) } } as never);
    // Another key, a fresh registration standing in for the key, a foreign user handle: refused.
    expect(authErr((await laterVerify('request', new Authenticator().get(req2.webauthn.credential_options.publicKey, { userHandle: null }))).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    expect(authErr((await laterVerify('create', new Authenticator().create({ ...req2.webauthn.credential_options.publicKey, user: { id: 'eA' } }))).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    expect(authErr((await laterVerify('request', key.get(req2.webauthn.credential_options.publicKey, { rpId: 'evil.test' }))).error)).toMatchObject({ code: 'webauthn_verification_failed' });
    const assertion = key.get(req2.webauthn.credential_options.publicKey);
    const stepped = await laterVerify('request', assertion);
    expect(stepped.error).toBeNull();
    claims = decodeJwt(stepped.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(authErr((await laterVerify('request', assertion)).error)).toMatchObject({ status: 422 }); // replay
    const stored = await t.db.query<{ c: { authenticator: { signCount: number }; id: string } }>(`select web_authn_credential as c from auth.mfa_factors where id = $1`, [factorId]);
    expect(stored.rows[0]!.c).toMatchObject({ id: key.credentialId.toString('base64'), authenticator: { signCount: key.signCount } });

    // An empty friendly name is allowed (once), and an unverified WebAuthn factor goes when the key is verified.
    const unnamed = await later.auth.mfa.webauthn.enroll({ friendlyName: '' });
    expect(unnamed.data).toMatchObject({ type: 'webauthn', friendly_name: '' });
    expect((await later.auth.mfa.unenroll({ factorId: unnamed.data!.id })).error).toBeNull();

    const un = await later.auth.mfa.unenroll({ factorId });
    expect(un.error).toBeNull();
    const refreshed = await later.auth.refreshSession();
    claims = decodeJwt(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).not.toContain('mfa/webauthn');
    expect((await later.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('checks WebAuthn factor verify bodies as GoTrue does', async () => {
    const { client, token } = await passkeyUser(t);
    const factorId = (await client.auth.mfa.webauthn.enroll({ friendlyName: 'Key' })).data!.id;
    const challengeId = ((await client.auth.mfa.challenge({ factorId })).data as unknown as { id: string }).id;
    const post = (body: object) => raw(t, 'POST', `/factors/${factorId}/verify`, { body, headers: { authorization: `Bearer ${token}` } });
    expect((await post({ challenge_id: challengeId })).json).toMatchObject({ code: 400, msg: 'WebAuthn config required' });
    expect((await post({ challenge_id: challengeId, webauthn: { type: 'sign' } })).json).toMatchObject({ msg: 'WebAuthn type must be create or request' });
    expect((await post({ challenge_id: challengeId, webauthn: { type: 'create' } })).json).toMatchObject({ msg: 'credential_response required' });
    expect((await post({ challenge_id: crypto.randomUUID(), webauthn: { type: 'create', credential_response: {} } })).json).toMatchObject({ code: 422, error_code: 'mfa_factor_not_found' });
    expect((await post({ challenge_id: challengeId, webauthn: { type: 'create', credential_response: { id: 'x' } } })).json).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'Invalid credential_response' });
    expect((await raw(t, 'POST', `/factors/${factorId}/verify`, { body: {} })).status).toBe(401);
  });
});

describeEngines('auth: passkeys and WebAuthn MFA turned off', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine);
  });
  afterAll(() => t?.close());

  it('answers as GoTrue with [auth.passkey] and [auth.mfa.web_authn] off', async () => {
    const { client, userId, token } = await passkeyUser(t);
    for (const [method, path] of [['POST', '/passkeys/registration/options'], ['POST', '/passkeys/authentication/options'], ['POST', '/passkeys/authentication/verify'], ['GET', '/passkeys'], ['DELETE', `/passkeys/${crypto.randomUUID()}`], ['GET', '/passkeys/unknown/path']]) {
      const r = await raw(t, method!, path!, { body: method === 'GET' ? undefined : {}, headers: { authorization: `Bearer ${token}` } });
      expect([r.status, r.json.error_code, r.json.msg], path).toEqual([404, 'passkey_disabled', 'Passkeys are disabled']);
    }
    expect(authErr((await client.auth.passkey.startAuthentication()).error)).toMatchObject({ status: 404, code: 'passkey_disabled' });
    // GoTrue serves the admin passkey routes whatever [auth.passkey] says.
    expect((await passkeyClient(t, true).auth.admin.passkey.listPasskeys({ userId })).data).toEqual([]);

    expect((await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' })).error).toMatchObject({
      status: 422, code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA enroll is disabled for WebAuthn',
    });
    const factorId = crypto.randomUUID();
    await t.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values ($1, $2, 'old key', 'webauthn', 'unverified', now(), now())`,
      [factorId, userId],
    );
    expect((await client.auth.mfa.challenge({ factorId })).error).toMatchObject({ status: 422, code: 'mfa_webauthn_verify_not_enabled', message: 'MFA verification is disabled for WebAuthn' });
    const v = await raw(t, 'POST', `/factors/${factorId}/verify`, { body: { challenge_id: crypto.randomUUID(), webauthn: { type: 'create', credential_response: {} } }, headers: { authorization: `Bearer ${token}` } });
    expect([v.status, v.json.error_code, v.json.msg]).toEqual([422, 'mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn']);
    // TOTP is untouched.
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toBeNull();
  });
});
