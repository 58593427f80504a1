/**
 * API keys: created with the password shown once and only its hash stored; list, revoke, rotate
 * with a grace period; the §8 rules (SUB_API_KEY_EXISTS, another active password); permissions
 * and audit. Key authentication on /api/v1: Basic and Bearer forms, wrong secret, expired,
 * revoked, IP allow-list, scopes, the per-key rate (429 + Retry-After), last used, no session
 * (keys refused on the session routes), one account's key never reads another's messages.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, json, signUpCast, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let cast: Cast;

const req = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const basic = (clientId: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${clientId}:${password}`).toString('base64')}`,
});
const keyBearer = (clientId: string, password: string) => ({ authorization: `Bearer ${clientId}.${password}` });
const v1 = (headers: Record<string, string>, url = '/api/v1/messages?limit=1', extra: { remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'GET', url, headers, ...extra });

const ALL = ['sms:send', 'email:send', 'whatsapp:send', 'messages:read', 'customers:write', 'reports:read'];
async function createKey(body: Record<string, unknown> = {}, token = cast.owner.token) {
  const res = await req('POST', '/api/api-keys', token, { name: `Shop ${Math.random()}`, integration_type: 'rest', scopes: ALL, ...body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json(res).data as { key: { id: number; client_id: string }; client_id: string; password: string };
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
});
afterAll(async () => {
  await t?.close();
});

describe('/api/api-keys', () => {
  it('creates a key: the password once, only its SHA-256 stored, audited without the secret', async () => {
    const res = await req('POST', '/api/api-keys', cast.owner.token, {
      name: 'Shop backend',
      integration_type: 'rest',
      scopes: ['sms:send', 'messages:read'],
      ip_allow_list: ['203.0.113.0/24', '127.0.0.1'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, client_id, password } = json(res).data;
    expect(client_id).toMatch(/^rk_[a-z2-7]{16}$/);
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Shop backend', status: 'ACTIVE', scopes: ['sms:send', 'messages:read'], last_used_at: null });
    const [row] = await t.sql('select secret_hash from api_keys where id = $1', [key.id]);
    expect(row.secret_hash.equals(createHash('sha256').update(password).digest())).toBe(true);
    const list = json(await req('GET', '/api/api-keys', cast.owner.token)).data.keys;
    expect(JSON.stringify(list)).not.toContain(password);
    const [entry] = await t.sql("select * from audit_log where account_id = $1 and action = 'api_key.created'", [cast.owner.accountId]);
    expect(entry).toMatchObject({ actor_type: 'user', target_type: 'api_key', target_label: 'Shop backend' });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('validates: scopes, type, CIDR blocks, an expiry in the future', async () => {
    const bad = [
      { scopes: [] },
      { scopes: ['sms:fly'] },
      { integration_type: 'ftp' },
      { ip_allow_list: ['10.0.0.0/33'] },
      { ip_allow_list: ['not-an-ip'] },
      { expires_at: new Date(Date.now() - 1000).toISOString() },
    ];
    for (const body of bad) {
      const res = await req('POST', '/api/api-keys', cast.owner.token, { name: 'Bad', integration_type: 'rest', scopes: ALL, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const ar = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { ...bearer(cast.owner.token), 'accept-language': 'ar' },
      payload: { name: 'Bad', integration_type: 'rest', scopes: ALL, ip_allow_list: ['10.0.0.0/33'] },
    });
    expect(json(ar).errors[0].message).toMatch(/[\u0600-\u06FF]/);
  });

  it('an active key’s name is taken (SUB_API_KEY_EXISTS); free again once revoked', async () => {
    const first = await createKey({ name: 'Warehouse' });
    const again = await req('POST', '/api/api-keys', cast.owner.token, { name: 'warehouse', integration_type: 'rest', scopes: ALL });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('SUB_API_KEY_EXISTS');
    expect((await req('POST', `/api/api-keys/${first.key.id}/revoke`, cast.owner.token, {})).statusCode).toBe(200);
    expect(
      (await req('POST', '/api/api-keys', cast.owner.token, { name: 'Warehouse', integration_type: 'rest', scopes: ALL })).statusCode,
    ).toBe(201);
  });

  it('is closed to roles without api_keys and to other accounts', async () => {
    expect((await req('GET', '/api/api-keys', cast.viewer.token)).statusCode).toBe(403);
    expect((await req('POST', '/api/api-keys', cast.viewer.token, { name: 'x', integration_type: 'rest', scopes: ALL })).statusCode).toBe(
      403,
    );
    const mine = await createKey();
    expect((await req('POST', `/api/api-keys/${mine.key.id}/revoke`, cast.stranger.token, {})).statusCode).toBe(404);
    expect((await req('POST', `/api/api-keys/${mine.key.id}/rotate`, cast.stranger.token, {})).statusCode).toBe(404);
  });
});

describe('key authentication on /api/v1', () => {
  it('accepts Basic and Bearer, refuses a wrong secret, an unknown key and a session token', async () => {
    const k = await createKey();
    expect((await v1(basic(k.client_id, k.password))).statusCode).toBe(200);
    expect((await v1(keyBearer(k.client_id, k.password))).statusCode).toBe(200);
    const wrong = await v1(basic(k.client_id, `${k.password.slice(0, -1)}x`));
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).code).toBe('API_KEY_INVALID');
    expect(json(await v1(keyBearer('rk_aaaaaaaaaaaaaaaa', k.password))).code).toBe('API_KEY_INVALID');
    const session = await v1(bearer(cast.owner.token));
    expect(session.statusCode).toBe(401);
    expect(json(session).code).toBe('API_KEY_REQUIRED');
    expect(session.headers['set-cookie']).toBeUndefined();
  });

  it('never opens a session, and is refused on the session routes', async () => {
    const k = await createKey();
    const before = (await t.sql('select count(*)::int as n from sessions'))[0].n;
    const ok = await v1(basic(k.client_id, k.password));
    expect(ok.headers['set-cookie']).toBeUndefined();
    for (const headers of [basic(k.client_id, k.password), keyBearer(k.client_id, k.password)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/messages', headers });
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe('API_KEY_NOT_ACCEPTED');
      expect((await t.app.inject({ method: 'GET', url: '/api/api-keys', headers })).statusCode).toBe(401);
    }
    expect((await t.sql('select count(*)::int as n from sessions'))[0].n).toBe(before);
  });

  it('refuses an expired key and a revoked one at once', async () => {
    const k = await createKey({ expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect((await v1(basic(k.client_id, k.password))).statusCode).toBe(200);
    await t.sql("update api_keys set expires_at = now() - interval '1 second' where id = $1", [k.key.id]);
    expect(json(await v1(basic(k.client_id, k.password))).code).toBe('API_KEY_EXPIRED');
    const r = await createKey();
    expect((await v1(basic(r.client_id, r.password))).statusCode).toBe(200);
    const revoked = await req('POST', `/api/api-keys/${r.key.id}/revoke`, cast.owner.token, {});
    expect(json(revoked).data.status).toBe('REVOKED');
    expect(json(await v1(basic(r.client_id, r.password))).code).toBe('API_KEY_REVOKED');
    expect(await t.sql("select 1 from audit_log where action = 'api_key.revoked' and target_id = $1", [String(r.key.id)])).toHaveLength(1);
  });

  it('rotates: old and new both work during the grace period, only the new after it; one rotation at a time', async () => {
    const k = await createKey();
    const rotated = await req('POST', `/api/api-keys/${k.key.id}/rotate`, cast.owner.token, { grace_hours: 1 });
    expect(rotated.statusCode).toBe(200);
    const { password, client_id } = json(rotated).data;
    expect(client_id).toBe(k.client_id);
    expect(password).not.toBe(k.password);
    expect(json(rotated).data.key.previous_expires_at).not.toBeNull();
    expect((await v1(basic(k.client_id, k.password))).statusCode).toBe(200);
    expect((await v1(basic(k.client_id, password))).statusCode).toBe(200);
    const twice = await req('POST', `/api/api-keys/${k.key.id}/rotate`, cast.owner.token, { grace_hours: 1 });
    expect(json(twice).code).toBe('API_KEY_ANOTHER_ACTIVE');
    await t.sql("update api_keys set previous_expires_at = now() - interval '1 second' where id = $1", [k.key.id]);
    expect(json(await v1(basic(k.client_id, k.password))).code).toBe('API_KEY_INVALID');
    expect((await v1(basic(k.client_id, password))).statusCode).toBe(200);
    expect(await t.sql("select 1 from audit_log where action = 'api_key.rotated' and target_id = $1", [String(k.key.id)])).toHaveLength(1);
  });

  it('keeps to the IP allow-list (addresses and CIDR blocks)', async () => {
    const k = await createKey({ ip_allow_list: ['203.0.113.0/24', '2001:db8::/32'] });
    const h = basic(k.client_id, k.password);
    expect((await v1(h, undefined, { remoteAddress: '203.0.113.77' })).statusCode).toBe(200);
    expect((await v1(h, undefined, { remoteAddress: '2001:db8::5' })).statusCode).toBe(200);
    const far = await v1(h, undefined, { remoteAddress: '198.51.100.1' });
    expect(far.statusCode).toBe(403);
    expect(json(far).code).toBe('API_KEY_IP_NOT_ALLOWED');
  });

  it('authenticates with exactly the key’s scopes', async () => {
    const k = await createKey({ scopes: ['sms:send'] });
    const res = await v1(basic(k.client_id, k.password));
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'API_KEY_SCOPE_MISSING', data: { scope: 'messages:read' } });
  });

  it('limits each key to its rate: 429 with Retry-After, other keys unaffected', async () => {
    const slow = await createKey({ rate_per_second: 2 });
    const other = await createKey();
    const codes: number[] = [];
    let refused: Awaited<ReturnType<typeof v1>> | null = null;
    for (let i = 0; i < 4; i++) {
      const res = await v1(basic(slow.client_id, slow.password));
      codes.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(codes.slice(0, 2)).toEqual([200, 200]);
    expect(codes).toContain(429);
    expect(json(refused as never).code).toBe('API_KEY_RATE_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await v1(basic(other.client_id, other.password))).statusCode).toBe(200);
  });

  it('records last use (not on every call) and every call in the audit log with the key’s name', async () => {
    const k = await createKey({ name: 'Audited shop' });
    await v1(basic(k.client_id, k.password));
    await v1(basic(k.client_id, k.password));
    const [key] = await t.sql('select last_used_at, last_used_ip from api_keys where id = $1', [k.key.id]);
    expect(key.last_used_at).not.toBeNull();
    expect(key.last_used_ip).toBe('127.0.0.1');
    const listed = json(await req('GET', '/api/api-keys', cast.owner.token)).data.keys.find((x: { id: number }) => x.id === k.key.id);
    expect(listed.last_used_at).not.toBeNull();
    // the audit entries are written in a batch shortly after the answers are sent
    const q = "select * from audit_log where action = 'api.call' and actor_type = 'api_key' and actor_id = $1";
    let calls = await t.sql(q, [k.key.id]);
    for (let i = 0; i < 40 && calls.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      calls = await t.sql(q, [k.key.id]);
    }
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ actor_label: 'Audited shop', target_id: 'listMessages', account_id: cast.owner.accountId });
  });

  it('one account’s key never reads another account’s message', async () => {
    const [msg] = await t.sql(
      `insert into messages (account_id, channel, status, bulk_id, recipient, body) values ($1, 'sms', 'SENT', 'b-theirs', '+966500000009', 'x') returning id`,
      [cast.stranger.accountId],
    );
    const k = await createKey();
    const res = await v1(basic(k.client_id, k.password), `/api/v1/messages/${msg.id}`);
    expect(res.statusCode).toBe(404);
    const list = json(await v1(basic(k.client_id, k.password), '/api/v1/messages?bulk_id=b-theirs')).data;
    expect(list.items).toEqual([]);
  });
});
