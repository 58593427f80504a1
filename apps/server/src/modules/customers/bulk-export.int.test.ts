import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';

const csvRows = (data: Buffer) => parse(data, { bom: true, columns: true }) as Record<string, string>[];

let t: TestApp;
let owner: { accountId: number; token: string };
let viewer: { token: string };
let stranger: { accountId: number; token: string };
const ids: number[] = [];
let groupId: number;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const bulk = (payload: object, token = owner.token) => call(token, 'POST', '/api/customers/bulk', payload);

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, token: s.token };
  viewer = { token: (await signIn(t, (await addUserToAccount(t, owner.accountId, 'viewer')).email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  const bs = await signIn(t, b.email);
  stranger = { accountId: bs.user.account_id, token: bs.token };
  const people = [
    { first_name: 'سارة', last_name: 'الحربي', mobile_number: '+966501000001', country: 'SA', tags: ['vip'] },
    {
      first_name: 'Fahad',
      last_name: 'Otaibi',
      mobile_number: '+966501000002',
      country: 'SA',
      consent: { email: { granted: true, source: 'form' } },
      email: 'fahad@example.com',
    },
    { first_name: 'Mona', last_name: 'Aziz', email: 'mona@example.com', country: 'EG', attributes: { plan: 'gold, "premium"' } },
  ];
  for (const p of people) ids.push(json(await call(owner.token, 'POST', '/api/customer', p)).data.id);
  const [g] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'Bulk') returning id`, [owner.accountId]);
  groupId = g.id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/customers/bulk', () => {
  it('adds chosen contacts to a static group, then refuses when all are already in it', async () => {
    const res = await bulk({ action: 'add_to_group', ids: ids.slice(0, 2), group_id: groupId });
    expect(json(res).data).toEqual({ action: 'add_to_group', affected: 2 });
    const [g] = await t.sql('select contacts_count from customer_groups where id = $1', [groupId]);
    expect(g.contacts_count).toBe(2);
    const again = await bulk({ action: 'add_to_group', ids: ids.slice(0, 2), group_id: groupId });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('CONTACTS_ALREADY_ASSIGNED');
    // one new among them: fine
    expect(json(await bulk({ action: 'add_to_group', ids, group_id: groupId })).data.affected).toBe(1);
  });

  it('tags and untags a filtered set', async () => {
    expect(json(await bulk({ action: 'tag', filter: { country: 'SA' }, tags: ['gulf', 'vip'] })).data.affected).toBe(2);
    const list = json(await call(owner.token, 'GET', '/api/customers?tag=gulf')).data;
    expect(list.total).toBe(2);
    expect(list.items.find((c: { id: number }) => c.id === ids[0]).tags).toEqual(['gulf', 'vip']);
    expect(json(await bulk({ action: 'untag', ids, tags: ['vip'] })).data.affected).toBe(2);
    expect(json(await call(owner.token, 'GET', '/api/customers?tag=vip')).data.total).toBe(0);
  });

  it('validates the body and refuses other accounts’ ids and groups, and viewers', async () => {
    for (const body of [
      { action: 'tag', ids },
      { action: 'add_to_group', ids },
      { action: 'explode', ids },
      { action: 'delete' },
      { action: 'delete', ids: [] },
      { action: 'delete', ids: ['x'] },
    ]) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await bulk({ action: 'delete', ids }, stranger.token)).statusCode).toBe(404);
    expect((await bulk({ action: 'tag', ids, tags: ['x'] }, stranger.token)).statusCode).toBe(404);
    const [theirs] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'Theirs') returning id`, [
      stranger.accountId,
    ]);
    expect((await bulk({ action: 'add_to_group', ids, group_id: theirs.id })).statusCode).toBe(404);
    expect((await bulk({ action: 'tag', ids, tags: ['x'] }, viewer.token)).statusCode).toBe(403);
  });
});

describe('GET /api/customers/export.csv', () => {
  it('streams the filtered list as UTF-8 CSV with a BOM', async () => {
    const res = await call(owner.token, 'GET', '/api/customers/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="customers-/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csvRows(res.rawPayload) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    const sara = rows.find((r) => r.mobile_number === '+966501000001');
    expect(sara).toMatchObject({ first_name: 'سارة', last_name: 'الحربي', country: 'SA', tags: 'gulf' });
    const mona = rows.find((r) => r.email === 'mona@example.com');
    expect(JSON.parse(mona?.attributes ?? '')).toEqual({ plan: 'gold, "premium"' });
    const fahad = rows.find((r) => r.first_name === 'Fahad');
    expect(fahad).toMatchObject({ consent_email: 'true', consent_email_source: 'form', consent_sms: 'false' });
    // in the account's zone (a new account's: Asia/Riyadh) with its offset, the same instant as stored
    expect(fahad?.consent_email_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    const [stored] = await t.sql(`select consent_email_at from customers where account_id = $1 and first_name = 'Fahad'`, [
      owner.accountId,
    ]);
    expect(Date.parse(fahad?.consent_email_at ?? '')).toBe(Math.floor(new Date(stored.consent_email_at).getTime() / 1000) * 1000);
  });

  it('applies the same filters as the list (including quotes in the search)', async () => {
    const eg = csvRows((await call(owner.token, 'GET', '/api/customers/export.csv?country=EG')).rawPayload);
    expect(eg.map((r) => r.email)).toEqual(['mona@example.com']);
    const none = await call(owner.token, 'GET', `/api/customers/export.csv?search=${encodeURIComponent("o'; drop table customers; --")}`);
    expect(none.statusCode).toBe(200);
    expect(csvRows(none.rawPayload)).toHaveLength(0);
    const grp = csvRows((await call(owner.token, 'GET', `/api/customers/export.csv?group=${groupId}`)).rawPayload);
    expect(grp).toHaveLength(3);
    expect((await call(stranger.token, 'GET', `/api/customers/export.csv?group=${groupId}`)).statusCode).toBe(404);
    const theirs = csvRows((await call(stranger.token, 'GET', '/api/customers/export.csv')).rawPayload);
    expect(theirs).toHaveLength(0);
    expect((await call(owner.token, 'GET', '/api/customers/export.csv?consent_sms=perhaps')).statusCode).toBe(400);
  });

  it('bulk delete removes a filtered set and keeps group counts right', async () => {
    expect(json(await bulk({ action: 'delete', filter: { country: 'SA' } })).data.affected).toBe(2);
    const [g] = await t.sql('select contacts_count from customer_groups where id = $1', [groupId]);
    expect(g.contacts_count).toBe(1);
    expect(json(await call(owner.token, 'GET', '/api/customers')).data.total).toBe(1);
  });
});
