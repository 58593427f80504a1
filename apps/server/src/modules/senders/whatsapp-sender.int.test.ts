import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../lib/crypto.ts';
import { signWebhook, startWhatsAppCloudSimulator, type WhatsAppCloudSimulator } from '../../sandbox/whatsapp-cloud.ts';
import { addUserToAccount, bearer, createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { autoReplyFor } from './auto-reply.ts';
import { sandboxWhatsAppIds } from './sandbox-seed.ts';

const BASE = '/api/whatsapp/sender';
let t: TestApp;
let sim: WhatsAppCloudSimulator;
let auth: Record<string, string>;
let other: Record<string, string>;
let marketer: Record<string, string>;
let accountId: number;

beforeAll(async () => {
  sim = await startWhatsAppCloudSimulator({ appSecret: 'test-app-secret-0123456789', decisionMs: 600_000 });
  t = await createTestApp(); // sandbox mode: the simulator is the Cloud API, as main.ts wires it
  t.ctx.config.whatsapp.apiBase = sim.url;
  const owner = await signUp(t);
  auth = bearer((await signIn(t, owner.email)).token);
  accountId = (await t.sql('select account_id from users where id = $1', [owner.userId]))[0].account_id;
  other = bearer((await signIn(t, (await signUp(t)).email)).token);
  marketer = bearer((await signIn(t, (await addUserToAccount(t, accountId, 'marketer')).email)).token);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = auth) =>
  t.app.inject({ method, url: `${BASE}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const sender = (over: Record<string, unknown> = {}) => ({
  display_name: 'Acme Support',
  phone_number: '+966501234567',
  phone_number_id: '9000000000123450',
  business_account_id: '1029384756',
  access_token: 'EAAG-secret-token-value',
  app_secret: 'app-secret-value-0123456789',
  ...over,
});

describe('sandbox WhatsApp sender', () => {
  it('a fresh account has an ACTIVE sandbox sender whose setup verifies against the simulator', async () => {
    const res = await req('GET', '/config');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_sandbox: true, status: 'ACTIVE', has_access_token: true, ...sandboxWhatsAppIds(accountId) });
    expect((await req('GET', '/setup-status')).json().data).toEqual({
      sender_id: res.json().data.id,
      complete: true,
      missing: [],
      status: 'ACTIVE',
    });
    const setup = await req('POST', `/${res.json().data.id}/complete-setup`);
    expect(setup.statusCode).toBe(200);
    expect(setup.json().data.verified_name).toBe('Risala Sandbox');
  });

  it('legacy config shows the account-level defaults without secrets', async () => {
    const res = await req('GET', '/legacy-config');
    expect(res.json().data).toMatchObject({ sandbox: true, api_version: 'v21.0', has_access_token: true, has_app_secret: true });
    expect(res.body).not.toContain(t.ctx.config.whatsapp.appSecret);
    expect(res.body).not.toContain('sandbox-token');
  });
});

describe('WhatsApp sender CRUD and setup', () => {
  let id: number;
  it('creates with secrets encrypted and never returned', async () => {
    const res = await req('POST', '/', sender());
    expect(res.statusCode).toBe(201);
    id = res.json().data.id;
    expect(res.json().data).toMatchObject({ status: 'PENDING_SETUP', has_access_token: true, has_app_secret: true, is_default: false });
    expect(res.body).not.toContain('EAAG-secret-token-value');
    expect(res.body).not.toContain('app-secret-value');
    const [row] = await t.sql('select access_token_enc, app_secret_enc from whatsapp_senders where id = $1', [id]);
    expect(row.access_token_enc).not.toContain('EAAG-secret-token-value');
    expect(decryptSecret(t.ctx.config.encryptionKey, row.access_token_enc)).toBe('EAAG-secret-token-value');
    expect(decryptSecret(t.ctx.config.encryptionKey, row.app_secret_enc)).toBe('app-secret-value-0123456789');
    for (const r of [await req('GET', `/${id}`), await req('GET', '/?limit=10')]) expect(r.body).not.toContain('EAAG');
  });

  it('refuses bad input, duplicates and marketers', async () => {
    const bad = await req('POST', '/', sender({ phone_number: '0501234567', phone_number_id: 'a/b', display_name: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['phone_number', 'phone_number_id', 'display_name']),
    );
    const dup = await req('POST', '/', sender());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DATA_EXISTS');
    // another account may type the same id in: nothing is bound, or told, before the Cloud API
    // confirms that account's token (see "a number is bound to an account" below)
    const theirs = await req('POST', '/', sender(), other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.status).toBe('PENDING_SETUP');
    // another account's sandbox number (9 + its id in 14 digits), taken or not yet, is not free
    for (const taken of [sandboxWhatsAppIds(accountId).phone_number_id, sandboxWhatsAppIds(accountId + 1000).phone_number_id]) {
      const squat = await req('POST', '/', sender({ phone_number_id: taken }), other);
      expect(squat.statusCode, taken).toBe(400);
      expect(squat.json().errors).toEqual([{ field: 'phone_number_id', message: expect.stringContaining('sandbox') }]);
    }
    expect((await req('PUT', `/${id}`, { phone_number_id: sandboxWhatsAppIds(accountId + 1000).phone_number_id })).statusCode).toBe(400);
    expect((await req('POST', '/', sender({ phone_number_id: '9000000000543210' }), marketer)).statusCode).toBe(403);
    expect(
      (await req('PUT', `/${id}/auto-reply`, { enabled: true, rules: [], away: { enabled: false, text: '' } }, marketer)).statusCode,
    ).toBe(403);
  });

  it("another account's ids are 404", async () => {
    for (const [m, url, body] of [
      ['GET', `/${id}`],
      ['PUT', `/${id}`, { display_name: 'x' }],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/complete-setup`],
      ['GET', `/${id}/auto-reply`],
      ['PUT', `/${id}/auto-reply`, { enabled: false, rules: [], away: { enabled: false, text: '' } }],
    ] as const) {
      expect((await req(m, url, body, other)).statusCode, `${m} ${url}`).toBe(404);
    }
  });

  it('complete-setup calls the Cloud API: ACTIVE for a real number, WHATSAPP_VERIFY_FAILED saying what to fix otherwise', async () => {
    const res = await req('POST', `/${id}/complete-setup`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ACTIVE', setup_completed_at: expect.any(String) });
    // a new number id sends it back to setup; the simulator does not know this one
    const changed = await req('PUT', `/${id}`, { phone_number_id: '123456789012345' });
    expect(changed.json().data).toMatchObject({ status: 'PENDING_SETUP', setup_completed_at: null });
    const failed = await req('POST', `/${id}/complete-setup`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'WHATSAPP_VERIFY_FAILED',
      data: {
        reason_key: 'senders.whatsapp.setup.reasons.unknownNumber',
        detail: expect.stringContaining('does not exist'),
        meta_code: 100,
      },
    });
    expect(failed.json().message).toMatch(
      /^Meta did not verify this WhatsApp number: Meta does not know the phone number ID \u2068123456789012345\u2069/,
    );
    expect(failed.json().message).toContain('does not exist'); // Meta's own words stay as the detail
    const arabic = await req('POST', `/${id}/complete-setup`, undefined, { ...auth, 'accept-language': 'ar' });
    expect(arabic.json().message).toMatch(/^لم تؤكّد Meta رقم واتساب هذا: لا تعرف Meta معرّف رقم الهاتف/);
    expect((await req('GET', `/${id}`)).json().data.status).toBe('PENDING_SETUP');

    // the Cloud API out of reach: said so, not a socket error
    const base = t.ctx.config.whatsapp.apiBase;
    t.ctx.config.whatsapp.apiBase = 'http://127.0.0.1:9';
    try {
      const down = await req('POST', `/${id}/complete-setup`);
      expect(down.json()).toMatchObject({
        code: 'WHATSAPP_VERIFY_FAILED',
        data: { reason_key: 'senders.whatsapp.setup.reasons.unreachable' },
      });
      expect(down.json().message).toContain('could not be reached');
    } finally {
      t.ctx.config.whatsapp.apiBase = base;
    }
  });

  it('setup-status lists what is missing', async () => {
    const created = await req(
      'POST',
      '/',
      sender({ phone_number_id: '9000000000999990', access_token: undefined, app_secret: undefined, is_default: true }),
    );
    expect(created.json().data.is_default).toBe(true);
    const status = await req('GET', '/setup-status');
    expect(status.json().data).toMatchObject({
      complete: false,
      missing: ['access_token', 'app_secret', 'complete_setup'],
      status: 'PENDING_SETUP',
    });
    const refused = await req('POST', `/${created.json().data.id}/complete-setup`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['access_token', 'app_secret']);
    expect((await req('GET', '/status')).json().data).toMatchObject({ ready: false, default_sender_id: created.json().data.id });
    const analytics = await req('GET', '/analytics');
    expect(analytics.json().data.senders).toMatchObject({ ACTIVE: 1, PENDING_SETUP: 2 });
  });

  it('auto-reply round trip; the saved config drives the matcher', async () => {
    const config = {
      enabled: true,
      rules: [{ keyword: 'price', match: 'exact', reply: 'See our prices' }],
      away: { enabled: true, text: 'We are closed', from: '18:00', to: '08:00' },
    };
    expect((await req('PUT', `/${id}/auto-reply`, { ...config, rules: [{ keyword: '', match: 'maybe', reply: '' }] })).statusCode).toBe(
      400,
    );
    expect((await req('PUT', `/${id}/auto-reply`, { ...config, away: { enabled: true, text: 'x', from: '25:00' } })).statusCode).toBe(400);
    const saved = await req('PUT', `/${id}/auto-reply`, config);
    expect(saved.statusCode).toBe(200);
    const got = (await req('GET', `/${id}/auto-reply`)).json().data;
    expect(got).toEqual(config);
    expect(autoReplyFor(got, 'PRICE', new Date('2026-01-01T12:00:00Z'))).toBe('See our prices');
    expect(autoReplyFor(got, 'hi', new Date('2026-01-01T23:00:00Z'))).toBe('We are closed');
  });

  it('deletes', async () => {
    expect((await req('DELETE', `/${id}`, undefined, marketer)).statusCode).toBe(403);
    expect((await req('DELETE', `/${id}`)).statusCode).toBe(200);
    expect((await req('GET', `/${id}`)).statusCode).toBe(404);
  });
});

describe('a number is bound to an account once the Cloud API confirms its token', () => {
  const NUMBER = '106540352242922';
  const victimToken = 'EAAG-victim-token';
  let victim: Record<string, string>;
  let victimAccount: number;
  let squatter: Record<string, string>;
  let colleague: Record<string, string>;

  beforeAll(async () => {
    sim.assignNumber(NUMBER, victimToken); // at Meta, the number is the victim's business's
    const v = await signUp(t);
    victim = bearer((await signIn(t, v.email)).token);
    victimAccount = (await t.sql('select account_id from users where id = $1', [v.userId]))[0].account_id;
    squatter = bearer((await signIn(t, (await signUp(t)).email)).token);
    colleague = bearer((await signIn(t, (await signUp(t)).email)).token);
  });

  const numberOf = (token: string, over: Record<string, unknown> = {}) =>
    sender({ phone_number_id: NUMBER, access_token: token, app_secret: `${token}-app-secret`, ...over });
  const setup = async (headers: Record<string, string>, id: number) => {
    const res = await req('POST', `/${id}/complete-setup`, undefined, headers);
    const body = res.json();
    return { status: res.statusCode, code: body.code, reason_key: body.data?.reason_key, meta_code: body.data?.meta_code, body };
  };

  it('another account taking the number first blocks nothing and learns nothing', async () => {
    const squat = await req('POST', '/', numberOf('EAAG-squatter-token'), squatter);
    expect(squat.statusCode).toBe(201);
    const nobodys = await req('POST', '/', numberOf('EAAG-squatter-token', { phone_number_id: '106540352242999' }), squatter);
    // the owner adds its number all the same
    const own = await req('POST', '/', numberOf(victimToken), victim);
    expect(own.statusCode).toBe(201);

    // the squatter's token does not reach the number: refused exactly as for a number nobody holds
    const refused = await setup(squatter, squat.json().data.id);
    const unheld = await setup(squatter, nobodys.json().data.id);
    expect(refused).toMatchObject({
      status: 502,
      code: 'WHATSAPP_VERIFY_FAILED',
      reason_key: 'senders.whatsapp.setup.reasons.unknownNumber',
    });
    expect({ ...refused, body: undefined }).toEqual({ ...unheld, body: undefined });
    expect(JSON.stringify(refused.body).replaceAll(NUMBER, 'N')).toBe(JSON.stringify(unheld.body).replaceAll('106540352242999', 'N'));

    // the owner's token does: bound to the owner's account
    const bound = await setup(victim, own.json().data.id);
    expect(bound).toMatchObject({ status: 200, body: { data: { status: 'ACTIVE' } } });
    // and once it is, the squatter still hears what anyone hears for a number its token cannot reach
    const after = await setup(squatter, squat.json().data.id);
    expect({ ...after, body: undefined }).toEqual({ ...refused, body: undefined });
    const rows = await t.sql('select account_id, setup_completed_at from whatsapp_senders where phone_number_id = $1', [NUMBER]);
    expect(rows.filter((r) => r.setup_completed_at).map((r) => r.account_id)).toEqual([victimAccount]);
  });

  it('an account whose token Meta accepts too is told that the number is set up elsewhere', async () => {
    const second = await req('POST', '/', numberOf(victimToken), colleague);
    expect(second.statusCode).toBe(201);
    const refused = await setup(colleague, second.json().data.id);
    expect(refused).toMatchObject({ status: 409, code: 'WHATSAPP_NUMBER_BOUND_ELSEWHERE' });
  });

  it("the number's messages reach the bound account, whatever others typed in", async () => {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1029384756',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '966501234567', phone_number_id: NUMBER },
                messages: [{ from: '966555000111', id: 'wamid.bound-1', timestamp: '1796000000', type: 'text', text: { body: 'hello' } }],
              },
            },
          ],
        },
      ],
    });
    // signed with the owner's own Meta app secret: only the bound sender vouches for the number
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(`${victimToken}-app-secret`, raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.sql("select account_id from inbound_messages where provider_message_id = 'wamid.bound-1'");
    expect(stored).toEqual([{ account_id: victimAccount }]);
  });
});
