/**
 * The public API (/api/v1) with an API key: sends through the portal's own send path, status by
 * id and by the caller's reference, Idempotency-Key (replay, concurrent duplicates → one send,
 * another body → 422), cursor pagination, response schemas and error codes in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, json, signUpCast, type TestApp } from '../../test/helper.ts';
import { seedAudience, smsDraft } from '../campaigns/campaign-fixtures.ts';

let t: TestApp;
let cast: Cast;
let auth: { authorization: string };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
const countBulk = async (bulkId: string) => (await t.sql('select count(*)::int as n from messages where bulk_id = $1', [bulkId]))[0].n;
const smsCount = async () =>
  (await t.sql("select count(*)::int as n from messages where account_id = $1 and channel = 'sms'", [cast.owner.accountId]))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: bearer(cast.owner.token),
    payload: {
      name: 'Shop',
      integration_type: 'rest',
      scopes: ['sms:send', 'email:send', 'whatsapp:send', 'messages:read', 'customers:write', 'reports:read'],
      rate_per_second: 1000,
    },
  });
  const { client_id, password } = json(res).data;
  auth = { authorization: `Bearer ${client_id}.${password}` };
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/messages/sms', () => {
  it('sends through the portal’s send path: messages queued, credits reserved, no user, the reference kept', async () => {
    const res = await post('/api/v1/messages/sms', { to: '+966500000101', text: 'Your order shipped', reference: 'order-1' });
    expect(res.statusCode).toBe(201);
    const data = json(res).data;
    expect(data).toMatchObject({ accepted: 1, credits: 1, reference: 'order-1' });
    expect(data.message_ids).toHaveLength(1);
    const [m] = await t.sql('select * from messages where id = $1', [data.message_ids[0]]);
    expect(m).toMatchObject({
      account_id: cast.owner.accountId,
      channel: 'sms',
      recipient: '+966500000101',
      user_id: null,
      bulk_id: data.bulk_id,
    });
    const [ledger] = await t.sql("select user_id, delta::int from credit_ledger where bulk_id = $1 and reason = 'send'", [data.bulk_id]);
    expect(ledger).toMatchObject({ user_id: null, delta: -1 });

    const status = json(await get(`/api/v1/messages/${data.message_ids[0]}`)).data;
    expect(status).toMatchObject({ id: data.message_ids[0], channel: 'sms', recipient: '+966500000101', bulk_id: data.bulk_id });
    const byRef = json(await get('/api/v1/messages/by-reference/order-1')).data;
    expect(byRef).toMatchObject({ reference: 'order-1', bulk_id: data.bulk_id });
    expect(byRef.messages.map((x: { id: number }) => x.id)).toEqual(data.message_ids);
    const again = await post('/api/v1/messages/sms', { to: '+966500000101', text: 'Again', reference: 'order-1' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('REFERENCE_EXISTS');
    expect((await get('/api/v1/messages/by-reference/nope')).statusCode).toBe(404);
  });

  it('validates with field errors in the caller’s language', async () => {
    const empty = await post('/api/v1/messages/sms', { text: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).errors.map((e: { field: string }) => e.field)).toContain('to');
    const ar = await post('/api/v1/messages/sms', { to: '+966500000101' }, { 'accept-language': 'ar' });
    expect(json(ar).errors[0]).toMatchObject({ field: 'text', message: 'اكتب رسالة أو اختر قالبًا' });
  });

  it('needs the sms:send scope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: bearer(cast.owner.token),
      payload: { name: 'Reader', integration_type: 'rest', scopes: ['messages:read'] },
    });
    const { client_id, password } = json(res).data;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/sms',
      headers: { authorization: `Bearer ${client_id}.${password}` },
      payload: { to: '+966500000101', text: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('API_KEY_SCOPE_MISSING');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body: nothing sent twice', async () => {
    const body = { to: ['+966500000201', '+966500000202'], text: 'Once only' };
    const first = await post('/api/v1/messages/sms', body, { 'idempotency-key': 'k-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await smsCount();
    const second = await post('/api/v1/messages/sms', body, { 'idempotency-key': 'k-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(json(second)).toEqual(json(first));
    expect(await smsCount()).toBe(before);
    expect(await countBulk(json(first).data.bulk_id)).toBe(2);
  });

  it('two concurrent identical requests → one send, both answered with it', async () => {
    const body = { to: '+966500000301', text: 'Concurrent' };
    const before = await smsCount();
    const [a, b] = await Promise.all([
      post('/api/v1/messages/sms', body, { 'idempotency-key': 'k-concurrent' }),
      post('/api/v1/messages/sms', body, { 'idempotency-key': 'k-concurrent' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(json(a).data.bulk_id).toBe(json(b).data.bulk_id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await smsCount()).toBe(before + 1);
  });

  it('the same key with another body → 422 IDEMPOTENCY_KEY_REUSED, in both languages', async () => {
    await post('/api/v1/messages/sms', { to: '+966500000401', text: 'First' }, { 'idempotency-key': 'k-2' });
    const before = await smsCount();
    const other = await post('/api/v1/messages/sms', { to: '+966500000401', text: 'Other' }, { 'idempotency-key': 'k-2' });
    expect(other.statusCode).toBe(422);
    expect(json(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const ar = await post(
      '/api/v1/messages/sms',
      { to: '+966500000401', text: 'Other' },
      { 'idempotency-key': 'k-2', 'accept-language': 'ar' },
    );
    expect(json(ar).message).toMatch(/[\u0600-\u06FF]/);
    expect(await smsCount()).toBe(before);
  });

  it('a refused send releases its key: the retry after the fix runs', async () => {
    await t.sql(`update credits set balance = 0 where account_id = $1 and channel = 'sms'`, [cast.owner.accountId]);
    const body = { to: '+966500000501', text: 'After top-up' };
    const refused = await post('/api/v1/messages/sms', body, { 'idempotency-key': 'k-3' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await t.sql(`update credits set balance = 1000 where account_id = $1 and channel = 'sms'`, [cast.owner.accountId]);
    const retried = await post('/api/v1/messages/sms', body, { 'idempotency-key': 'k-3' });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('GET /api/v1/messages', () => {
  it('pages by cursor: every message once, in order, filtered by send and status', async () => {
    const sent = json(
      await post('/api/v1/messages/sms', { to: Array.from({ length: 7 }, (_, i) => `+96650000060${i}`), text: 'Paged' }),
    ).data;
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/messages?bulk_id=${sent.bulk_id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page = json(res).data;
      seen.push(...page.items.map((m: { id: number }) => m.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort((a, b) => a - b)).toEqual([...sent.message_ids].sort((a: number, b: number) => a - b));
    const none = json(await get(`/api/v1/messages?bulk_id=${sent.bulk_id}&status=DELIVERED`)).data;
    expect(none).toEqual({ items: [], next_cursor: null });
    const bad = await get('/api/v1/messages?cursor=garbage');
    expect(bad.statusCode).toBe(400);
  });
});

describe('customers, groups and reports', () => {
  it('upserts a customer by mobile number (created, then updated) and deletes it', async () => {
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/v1/customers', headers: auth, payload });
    const first = await put({ mobile_number: '+966500000701', first_name: 'Layla' });
    expect(first.statusCode).toBe(200);
    expect(json(first).data.created).toBe(true);
    const second = await put({ mobile_number: '+966 50 000 0701', first_name: 'Layla', last_name: 'Haddad' });
    expect(json(second).data).toEqual({ id: json(first).data.id, created: false });
    const [row] = await t.sql('select last_name, account_id from customers where id = $1', [json(first).data.id]);
    expect(row).toMatchObject({ last_name: 'Haddad', account_id: cast.owner.accountId });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/customers/${json(first).data.id}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect(await t.sql('select 1 from customers where id = $1', [json(first).data.id])).toHaveLength(0);
  });

  it('adds and removes group members; another account’s group or customers → 404', async () => {
    const mine = await seedAudience(t, cast.owner.accountId, 2, { base: 500_100_000, name: 'API group' });
    const extra = await seedAudience(t, cast.owner.accountId, 1, { base: 500_200_000, name: 'Other group' });
    const add = await post(`/api/v1/groups/${mine.groupId}/members`, { customer_ids: extra.customerIds });
    expect(add.statusCode).toBe(200);
    expect(json(add).data).toMatchObject({ added: 1 });
    const remove = await post(`/api/v1/groups/${mine.groupId}/members/remove`, { customer_ids: extra.customerIds });
    expect(json(remove).data).toMatchObject({ removed: 1 });
    const theirs = await seedAudience(t, cast.stranger.accountId, 1, { base: 500_300_000, name: 'Theirs' });
    expect((await post(`/api/v1/groups/${theirs.groupId}/members`, { customer_ids: mine.customerIds })).statusCode).toBe(404);
    expect((await post(`/api/v1/groups/${mine.groupId}/members`, { customer_ids: theirs.customerIds })).statusCode).toBe(404);
  });

  it('reads a campaign’s report; another account’s campaign → 404', async () => {
    const { id } = await smsDraft(t, cast.owner);
    const res = await get(`/api/v1/campaigns/${id}/report`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toHaveProperty('funnel');
    const theirs = await smsDraft(t, { ...cast.stranger });
    expect((await get(`/api/v1/campaigns/${theirs.id}/report`)).statusCode).toBe(404);
  });
});
