import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, raw, signedInUser } from './helpers.ts';

/** A raw call under /admin/oauth/clients with a bearer token, errors in the `{ code, message }` shape supabase-js reads. */
function call(t: TestStack, bearer: string | null, method: string, path: string, body?: string | object) {
  return raw(t, method, `/admin/oauth/clients${path}`, {
    ...(body !== undefined && method !== 'GET' ? { body } : {}),
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'x-supabase-api-version': '2024-01-01' },
  });
}

/** GoTrue's admin OAuth 2.1 client management under /auth/v1/admin/oauth/clients. */
describeEngines('auth: admin OAuth clients', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { oauth_server: { enabled: true } });
  });
  afterAll(() => t?.close());

  const admin = () => t.client({ serviceRole: true }).auth.admin.oauth;
  const asAdmin = (method: string, path: string, body?: string | object) => call(t, t.serviceRoleKey, method, path, body);
  const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
  const row = async (id: string) =>
    (await t.db.query<Record<string, unknown>>(`select * from auth.oauth_clients where id = $1`, [id])).rows[0];
  const count = async () => Number((await t.db.query<{ n: number }>(`select count(*)::int as n from auth.oauth_clients where deleted_at is null`)).rows[0]!.n);
  let n = 0;
  const params = () => ({ client_name: `Client ${n++}`, redirect_uris: ['https://app.example.com/callback', 'http://localhost:3000/cb'] });

  it('creates, reads, updates and soft-deletes a client; the secret is answered once and stored only as its hash', async () => {
    const created = await asAdmin('POST', '', params());
    expect(created.status).toBe(201);
    const c = created.json as Record<string, unknown>;
    expect(c).toMatchObject({
      client_type: 'confidential', token_endpoint_auth_method: 'client_secret_basic', registration_type: 'manual',
      grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
      redirect_uris: ['https://app.example.com/callback', 'http://localhost:3000/cb'],
    });
    expect(c.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(c.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect('client_uri' in c || 'logo_uri' in c).toBe(false); // empty fields are left out, as GoTrue's omitempty
    const id = c.client_id as string;
    const stored = (await row(id))!;
    expect(stored.client_secret_hash).toBe(sha256(c.client_secret as string));
    expect(JSON.stringify(stored)).not.toContain(c.client_secret as string);

    const got = await admin().getClient(id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({ ...c, client_secret: undefined });
    expect(got.data).not.toHaveProperty('client_secret');

    const updated = await admin().updateClient(id, { client_name: 'Renamed', logo_uri: 'https://cdn.example.com/logo.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_id: id, client_name: 'Renamed', logo_uri: 'https://cdn.example.com/logo.png', redirect_uris: c.redirect_uris });
    expect(updated.data).not.toHaveProperty('client_secret');
    expect(Date.parse(updated.data!.updated_at)).toBeGreaterThanOrEqual(Date.parse(c.updated_at as string));
    expect((await row(id))!.client_secret_hash).toBe(stored.client_secret_hash); // an update keeps the secret

    const del = await asAdmin('DELETE', `/${id}`);
    expect([del.status, del.json]).toEqual([204, {}]);
    const gone = await admin().getClient(id);
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
    expect((await row(id))!.deleted_at).not.toBeNull(); // soft delete: the row stays
    for (const [method, path] of [['DELETE', `/${id}`], ['PUT', `/${id}`], ['POST', `/${id}/regenerate_secret`]] as const) {
      expect(await asAdmin(method, path, { client_name: 'x' })).toMatchObject({ status: 404, json: { code: 'oauth_client_not_found' } });
    }
    expect((await admin().listClients()).data.clients.map((x) => x.client_id)).not.toContain(id);
  });

  // The auth server's tables are its own: no API role reads sessions, tokens, factors, secret
  // hashes or passkeys, even from SQL (each platform file revokes its own).
  it('keeps the auth server tables from the API roles', async () => {
    const tables = ['auth.sessions', 'auth.refresh_tokens', 'auth.mfa_factors', 'auth.mfa_challenges', 'auth.mfa_amr_claims', 'auth.audit_log_entries', 'auth.oauth_clients', 'auth.webauthn_credentials', 'auth.webauthn_challenges'];
    for (const role of ['anon', 'authenticated']) {
      for (const table of tables) {
        const read = t.db.transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          await tx.query(`select 1 from ${table} limit 1`);
        });
        await expect(read, `${role} ${table}`).rejects.toMatchObject({ code: '42501' });
      }
    }
  });

  it('regenerates a confidential client\'s secret: a new one, answered once, and the old hash replaced', async () => {
    const c = (await admin().createClient(params())).data!;
    const regen = await admin().regenerateClientSecret(c.client_id);
    expect(regen.error).toBeNull();
    expect(regen.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regen.data!.client_secret).not.toBe(c.client_secret);
    expect(regen.data).toMatchObject({ client_id: c.client_id, client_name: c.client_name });
    expect((await row(c.client_id))!.client_secret_hash).toBe(sha256(regen.data!.client_secret!));
    expect((await admin().getClient(c.client_id)).data).not.toHaveProperty('client_secret');

    // A public client has no secret to show or regenerate.
    const pub = await asAdmin('POST', '', { ...params(), client_type: 'public' });
    expect(pub.status).toBe(201);
    expect(pub.json).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(pub.json).not.toHaveProperty('client_secret');
    expect((await row(pub.json.client_id as string))!.client_secret_hash).toBeNull();
    expect(await asAdmin('POST', `/${pub.json.client_id}/regenerate_secret`)).toMatchObject({
      status: 400, json: { code: 'validation_failed', message: 'Cannot regenerate secret for public client' },
    });
    // The auth method alone decides the type when client_type is not given.
    const inferred = await asAdmin('POST', '', { ...params(), token_endpoint_auth_method: 'none' });
    expect(inferred.json).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    const post = await asAdmin('POST', '', { ...params(), token_endpoint_auth_method: 'client_secret_post' });
    expect(post.json).toMatchObject({ client_type: 'confidential', token_endpoint_auth_method: 'client_secret_post' });
    expect(post.json.client_secret).toBeTruthy();
  });

  it('lists live clients newest first, paged with x-total-count and link as GoTrue pages /admin/users', async () => {
    await t.db.query(`update auth.oauth_clients set deleted_at = now() where deleted_at is null`);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await admin().createClient(params())).data!.client_id);
    await admin().deleteClient(ids[0]!); // a deleted client is neither listed nor counted
    for (let i = 0; i < 3; i++) ids.push((await admin().createClient(params())).data!.client_id);
    const live = ids.filter((_, i) => i !== 0).reverse();

    const all = await admin().listClients();
    expect(all.error).toBeNull();
    expect(all.data.clients.map((c) => c.client_id)).toEqual(live);
    expect((all.data as { aud?: string }).aud).toBe('authenticated');
    expect(all.data.clients.every((c) => !('client_secret' in c))).toBe(true);

    const p1 = await admin().listClients({ page: 1, perPage: 2 });
    expect(p1.data.clients.map((c) => c.client_id)).toEqual(live.slice(0, 2));
    expect(p1.data).toMatchObject({ nextPage: 2, lastPage: 3, total: 5 });
    const p3 = await admin().listClients({ page: 3, perPage: 2 });
    expect(p3.data.clients.map((c) => c.client_id)).toEqual(live.slice(4));
    expect(p3.data).toMatchObject({ nextPage: null, lastPage: 3, total: 5 });

    const r = await asAdmin('GET', '?per_page=2&page=2');
    expect(r.headers.get('x-total-count')).toBe('5');
    expect(r.headers.get('link')).toBe('</admin/oauth/clients?page=3&per_page=2>; rel="next", </admin/oauth/clients?page=3&per_page=2>; rel="last"');
    expect((r.json.clients as { client_id: string }[]).map((c) => c.client_id)).toEqual(live.slice(2, 4));
    expect(await asAdmin('GET', '?page=x')).toMatchObject({
      status: 400, json: { code: 'validation_failed', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "x": invalid syntax' },
    });
  });

  it('refuses what GoTrue refuses on create, with its messages', async () => {
    const before = await count();
    const empty = await admin().createClient({ client_name: 'No URIs', redirect_uris: [] });
    expect(empty.data).toBeNull();
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed', message: '400: redirect_uris is required' });
    const refused: [object, string][] = [
      [{ client_name: 'x' }, '400: redirect_uris is required'],
      [{ redirect_uris: ['http://example.com/cb'] }, "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost"],
      [{ redirect_uris: ['https://example.com/cb#frag'] }, "400: invalid redirect_uri 'https://example.com/cb#frag': fragment not allowed in redirect URI"],
      [{ redirect_uris: ['javascript://x/alert(1)'] }, "400: invalid redirect_uri 'javascript://x/alert(1)': scheme 'javascript' is not allowed for security reasons"],
      [{ redirect_uris: ['/relative'] }, "400: invalid redirect_uri '/relative': must have scheme and host"],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`) }, '400: redirect_uris cannot exceed 10 items'],
      [{ redirect_uris: ['https://example.com/cb'], grant_types: ['implicit'] }, "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'"],
      [{ redirect_uris: ['https://example.com/cb'], client_name: 'n'.repeat(1025) }, '400: client_name cannot exceed 1024 characters'],
      [{ redirect_uris: ['https://example.com/cb'], client_uri: 'not a url' }, '400: client_uri must be a valid URL'],
      [{ redirect_uris: ['https://example.com/cb'], client_type: 'secret' }, "400: client_type must be 'public' or 'confidential'"],
      [{ redirect_uris: ['https://example.com/cb'], token_endpoint_auth_method: 'private_key_jwt' }, '400: token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]'],
      [
        { redirect_uris: ['https://example.com/cb'], client_type: 'confidential', token_endpoint_auth_method: 'none' },
        "400: client_type 'confidential' is inconsistent with token_endpoint_auth_method 'none' (expected client_type 'public')",
      ],
    ];
    for (const [body, message] of refused) {
      expect(await asAdmin('POST', '', body), JSON.stringify(body)).toMatchObject({ status: 400, json: { code: 'validation_failed', message } });
    }
    expect(await asAdmin('POST', '', { redirect_uris: 'https://example.com/cb' })).toMatchObject({ status: 400, json: { code: 'bad_json', message: 'Invalid JSON body' } });
    expect(await asAdmin('POST', '', '{not json')).toMatchObject({ status: 400, json: { code: 'bad_json', message: 'Invalid JSON body' } });
    // Custom schemes and loopback http are fine.
    const ok = await asAdmin('POST', '', { redirect_uris: ['myapp://callback', 'http://127.0.0.1:8080/cb', 'http://[::1]/cb'] });
    expect(ok.status).toBe(201);
    expect(await count()).toBe(before + 1); // only the valid one was stored
  });

  it('updates only the fields given, and refuses an empty or invalid update', async () => {
    const c = (await admin().createClient({ ...params(), client_uri: 'https://app.example.com' })).data!;
    const logo = await admin().updateClient(c.client_id, { logo_uri: 'https://example.com/new-logo.png' });
    expect(logo.error).toBeNull();
    expect(logo.data).toMatchObject({
      logo_uri: 'https://example.com/new-logo.png', client_name: c.client_name, client_uri: 'https://app.example.com',
      redirect_uris: c.redirect_uris, grant_types: c.grant_types, token_endpoint_auth_method: 'client_secret_basic',
    });

    for (const body of [{}, { client_name: null }, { unknown_field: 1 }]) {
      expect(await asAdmin('PUT', `/${c.client_id}`, body)).toMatchObject({ status: 400, json: { code: 'validation_failed', message: 'No fields provided for update' } });
    }
    const refused: [object, string][] = [
      [{ redirect_uris: [] }, 'redirect_uris cannot be empty'],
      [{ redirect_uris: ['ftp:relative'] }, "invalid redirect_uri 'ftp:relative': must have scheme and host"],
      [{ grant_types: [] }, 'grant_types cannot be empty'],
      [{ logo_uri: 'logo.png' }, 'logo_uri must be a valid URL'],
      [{ token_endpoint_auth_method: 'bogus' }, 'invalid token_endpoint_auth_method: must be one of [none client_secret_basic client_secret_post]'],
      [{ token_endpoint_auth_method: 'none' }, "token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]"],
    ];
    for (const [body, message] of refused) {
      expect(await asAdmin('PUT', `/${c.client_id}`, body), JSON.stringify(body)).toMatchObject({ status: 400, json: { code: 'validation_failed', message } });
    }
    expect((await admin().getClient(c.client_id)).data).toEqual(logo.data); // nothing refused was written

    const more = await admin().updateClient(c.client_id, { redirect_uris: ['https://other.example.com/cb'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_post' });
    expect(more.data).toMatchObject({ redirect_uris: ['https://other.example.com/cb'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_post', client_type: 'confidential' });
    // An empty string clears a name or URI, which is then left out of the answer.
    const cleared = await asAdmin('PUT', `/${c.client_id}`, { client_name: '', client_uri: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.json).not.toHaveProperty('client_name');
    expect(cleared.json).not.toHaveProperty('client_uri');
    expect(cleared.json.logo_uri).toBe('https://example.com/new-logo.png');
  });

  it('answers GoTrue\'s errors for unknown and malformed ids, and accepts the UUID spellings GoTrue parses', async () => {
    const missing = await admin().getClient('00000000-0000-0000-0000-000000000000');
    expect(missing.data).toBeNull();
    expect(missing.error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
    for (const [method, path] of [['GET', '/not-a-uuid'], ['PUT', '/123'], ['DELETE', '/zzzzzzzz-0000-0000-0000-000000000000'], ['POST', '/nope/regenerate_secret']]) {
      expect(await asAdmin(method!, path!, {})).toMatchObject({ status: 400, json: { code: 'validation_failed', message: 'invalid client_id format' } });
    }
    const c = (await admin().createClient(params())).data!;
    for (const spelling of [c.client_id.toUpperCase(), c.client_id.replaceAll('-', ''), `%7B${c.client_id}%7D`, `urn:uuid:${c.client_id}`]) {
      expect(await asAdmin('GET', `/${spelling}`), spelling).toMatchObject({ status: 200, json: { client_id: c.client_id } });
    }
  });

  it('serves only the service role', async () => {
    const before = await count();
    const { client: user } = await signedInUser(t);
    const userToken = (await user.auth.getSession()).data.session!.access_token;
    for (const bearer of [t.anonKey, userToken]) {
      for (const [method, path] of [['POST', ''], ['GET', ''], ['GET', '/00000000-0000-0000-0000-000000000000'], ['POST', '/not-a-uuid/regenerate_secret']]) {
        const r = await call(t, bearer, method!, path!, params());
        expect(r, `${method} ${path}`).toMatchObject({ status: 403, json: { code: 'not_admin', message: 'User not allowed' } });
      }
    }
    expect(await call(t, null, 'POST', '', params())).toMatchObject({ status: 401, json: { code: 'no_authorization' } });
    const viaClient = await user.auth.admin.oauth.createClient(params());
    expect(viaClient.error).toMatchObject({ status: 403 });
    expect(await count()).toBe(before);
  });

  describe('with [auth.oauth_server] off', () => {
    let off: TestStack;
    beforeAll(async () => {
      off = await authStack(engine);
    });
    afterAll(() => off?.close());

    it('answers every route 404 feature_disabled for the service role, after the admin check', async () => {
      const id = '00000000-0000-0000-0000-000000000000';
      const routes = [['POST', ''], ['GET', ''], ['GET', `/${id}`], ['PUT', `/${id}`], ['DELETE', `/${id}`], ['POST', `/${id}/regenerate_secret`], ['GET', '/not-a-uuid']];
      for (const [method, path] of routes) {
        const r = await call(off, off.serviceRoleKey, method!, path!, params());
        expect(r, `${method} ${path}`).toMatchObject({ status: 404, json: { code: 'feature_disabled', message: 'OAuth server is disabled' } });
      }
      const created = await off.client({ serviceRole: true }).auth.admin.oauth.createClient(params());
      expect(created.error).toMatchObject({ status: 404, code: 'feature_disabled' });
      const listed = await off.client({ serviceRole: true }).auth.admin.oauth.listClients();
      expect(listed).toMatchObject({ data: { clients: [] }, error: { status: 404, code: 'feature_disabled' } });
      expect(await call(off, off.anonKey, 'POST', '', params())).toMatchObject({ status: 403, json: { code: 'not_admin' } });
      expect(Number((await off.db.query<{ n: number }>(`select count(*)::int as n from auth.oauth_clients`)).rows[0]!.n)).toBe(0);
    });
  });
});
