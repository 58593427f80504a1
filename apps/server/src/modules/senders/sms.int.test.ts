import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';

const BASE = '/api/sender-management/sms';
let t: TestApp;
let auth: Record<string, string>;
let other: Record<string, string>;
let reviewer: Record<string, string>;
let reviewerLang: Record<string, string>;
let marketer: Record<string, string>;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  ownerId = owner.userId;
  auth = bearer((await signIn(t, owner.email)).token);
  const accountId = (await t.sql('select account_id from users where id = $1', [owner.userId]))[0].account_id;
  other = bearer((await signIn(t, (await signUp(t)).email)).token);
  reviewer = bearer((await signIn(t, (await addUserToAccount(t, accountId, 'reviewer')).email)).token);
  reviewerLang = { ...reviewer, 'accept-language': 'ar' };
  marketer = bearer((await signIn(t, (await addUserToAccount(t, accountId, 'marketer')).email)).token);
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = auth) =>
  t.app.inject({ method, url: `${BASE}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('sender id rules (§5)', () => {
  const cases: [string, string | undefined, number, string?][] = [
    ['Acme', undefined, 201],
    ['ACME-Shop.1', 'alphanumeric', 201], // 11 characters with '-' and '.'
    ['Acme Store', 'alphanumeric', 201], // a space is allowed
    ['AcmeStore12X', 'alphanumeric', 400, 'validation.senderId'], // 12 characters
    ['12345', 'alphanumeric', 400, 'validation.senderId'], // no letter
    ['Acme_Shop', 'alphanumeric', 400, 'validation.senderId'], // '_' not allowed
    ['شركة', 'alphanumeric', 400, 'validation.senderId'], // handsets show Latin only
    ['966501234567', undefined, 201], // numeric, inferred
    ['123456789012345', 'numeric', 201], // 15 digits
    ['1234567890123456', 'numeric', 400, 'validation.senderId'], // 16 digits
    ['12', 'numeric', 400, 'validation.senderId'],
    ['+966501', 'numeric', 400, 'validation.senderId'],
    ['70070', 'short_code', 201],
    ['7007A', 'short_code', 400, 'validation.shortCode'],
    ['123456789', 'short_code', 400, 'validation.shortCode'], // 9 digits
  ];
  for (const [senderId, type, status, message] of cases) {
    it(`${senderId} (${type ?? 'inferred'}) → ${status}`, async () => {
      const res = await req('POST', '/sms-senders', { sender_id: senderId, ...(type ? { sender_type: type } : {}) });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 201)
        expect(res.json().data).toMatchObject({ sender_id: senderId, status: 'WAITING_FOR_APPROVAL', requested_by: ownerId });
      else expect(res.json().errors[0]).toMatchObject({ field: 'sender_id' });
      if (message) {
        const en = (await import('@risala/shared/i18n/index.ts')).translate('en', message);
        expect(res.json().errors[0].message).toBe(en);
      }
    });
  }

  it('a duplicate (any case) is DATA_EXISTS; other accounts may use the same id', async () => {
    const dup = await req('POST', '/sms-senders', { sender_id: 'acme' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DATA_EXISTS');
    expect((await req('POST', '/sms-senders', { sender_id: 'Acme' }, other)).statusCode).toBe(201);
  });

  it('refuses a missing or empty sender id and a marketer', async () => {
    expect((await req('POST', '/sms-senders', {})).statusCode).toBe(400);
    expect((await req('POST', '/sms-senders', { sender_id: '  ' })).statusCode).toBe(400);
    expect((await req('POST', '/sms-senders', { sender_id: 'Mkt' }, marketer)).statusCode).toBe(403);
  });
});

describe('sms-senders CRUD and review', () => {
  let id: number;
  it('lists with search, status filter and paging; the seeded sandbox id is ACTIVE', async () => {
    const all = await req('GET', '/sms-senders?limit=100');
    expect(all.statusCode).toBe(200);
    const risala = all.json().data.items.find((s: { sender_id: string }) => s.sender_id === 'Risala');
    expect(risala).toMatchObject({ status: 'ACTIVE', is_default: true });
    const found = await req('GET', '/sms-senders?search=acme&sort=sender_id&order=asc');
    expect(found.json().data.items.map((s: { sender_id: string }) => s.sender_id)).toEqual(['Acme', 'Acme Store', 'ACME-Shop.1']);
    id = found.json().data.items[0].id;
    const waiting = await req('GET', '/sms-senders?status=WAITING_FOR_APPROVAL&limit=2');
    expect(waiting.json().data).toMatchObject({ page: 1, limit: 2 });
    expect(waiting.json().data.items).toHaveLength(2);
    expect((await req('GET', '/sms-senders?status=NOPE')).statusCode).toBe(400);
    expect((await req('GET', '/sms-senders?limit=1000')).statusCode).toBe(400);
  });

  it("another account's ids are 404", async () => {
    for (const [m, url, body] of [
      ['GET', `/sms-senders/${id}`],
      ['PUT', `/sms-senders/${id}`, { description: 'x' }],
      ['DELETE', `/sms-senders/${id}`],
    ] as const) {
      expect((await req(m, url, body, other)).statusCode, `${m} ${url}`).toBe(404);
    }
    expect((await req('GET', '/sms-senders/abc')).statusCode).toBe(400);
  });

  it('a waiting sender cannot be switched on or made default', async () => {
    expect((await req('PUT', `/sms-senders/${id}`, { status: 'ACTIVE' })).json().code).toBe('SENDER_NOT_APPROVED');
    expect((await req('PUT', `/sms-senders/${id}`, { is_default: true })).json().code).toBe('SENDER_NOT_APPROVED');
    expect((await req('PUT', '/config', { default_sender_id: id })).json().code).toBe('SENDER_NOT_APPROVED');
  });

  it('a marketer cannot approve (403); a reviewer approves and the requester is notified', async () => {
    const refused = await req('POST', `/sms-senders/${id}/approve`, {}, marketer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await req('POST', `/sms-senders/${id}/approve`, {}, other)).statusCode).toBe(404); // another account's owner
    const res = await req('POST', `/sms-senders/${id}/approve`, {}, reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ACTIVE', reviewed_at: expect.any(String) });
    expect((await req('POST', `/sms-senders/${id}/approve`, {}, reviewer)).statusCode).toBe(409);
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
    const note = notes.json().data.notifications.find((n: { type: string }) => n.type === 'sender_status');
    expect(note.message).toContain('"\u2068Acme\u2069" was approved');
  });

  it("a reviewer rejects with a reason (required), in the reader's language", async () => {
    const list = await req('GET', '/sms-senders?search=store');
    const storeId = list.json().data.items[0].id;
    expect((await req('POST', `/sms-senders/${storeId}/reject`, {}, reviewer)).statusCode).toBe(400);
    const res = await req('POST', `/sms-senders/${storeId}/reject`, { reason: 'Brand not proven' }, reviewerLang);
    expect(res.json().data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Brand not proven' });
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
    expect(JSON.stringify(notes.json().data.notifications)).toContain('Brand not proven');
    expect((await req('POST', '/sms-senders/999999/reject', { reason: 'x' }, reviewer)).statusCode).toBe(404);
  });

  it('config: the default sender id, switchable to an approved one only', async () => {
    expect((await req('GET', '/config')).json().data.default_sender.sender_id).toBe('Risala');
    const res = await req('PUT', '/config', { default_sender_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.default_sender).toMatchObject({ id, is_default: true });
    const [{ n }] = await t.sql(
      'select count(*)::int as n from sms_senders where account_id = (select account_id from sms_senders where id = $1) and is_default',
      [id],
    );
    expect(n).toBe(1);
    expect((await req('PUT', '/config', { default_sender_id: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', '/config', { default_sender_id: id }, other)).statusCode).toBe(404);
  });

  it('updates the description and status; deactivating drops the default flag; deletes', async () => {
    const res = await req('PUT', `/sms-senders/${id}`, { description: 'Main brand', status: 'INACTIVE' });
    expect(res.json().data).toMatchObject({ description: 'Main brand', status: 'INACTIVE', is_default: false });
    expect((await req('PUT', `/sms-senders/${id}`, { status: 'WAITING_FOR_APPROVAL' })).statusCode).toBe(400);
    expect((await req('DELETE', `/sms-senders/${id}`, undefined, marketer)).statusCode).toBe(403);
    expect((await req('DELETE', `/sms-senders/${id}`)).statusCode).toBe(200);
    expect((await req('GET', `/sms-senders/${id}`)).statusCode).toBe(404);
  });

  it('request-support mails the platform team', async () => {
    expect((await req('POST', '/request-support', { message: '' })).statusCode).toBe(400);
    const res = await req('POST', '/request-support', { message: 'We need an SMSC in Oman' });
    expect(res.statusCode).toBe(200);
    const inbox = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(t.ctx.config.supportEmail)}` });
    expect(JSON.stringify(inbox.json().data.items)).toContain('SMSC in Oman');
  });
});
