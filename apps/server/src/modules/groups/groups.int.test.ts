import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let owner: { accountId: number; token: string };
let viewer: { token: string };
let stranger: { accountId: number; token: string };
let ids: Record<string, number> = {};
let strangerCustomer: number;

/** Seven customers with known fields, attributes, tags and consents (seeded by SQL). */
async function seedCustomers(accountId: number) {
  const rows = await t.sql<{ id: number; first_name: string }>(
    `insert into customers (account_id, first_name, last_name, mobile_number, email, language, country, city, tags, attributes,
                            consent_email, consent_sms, consent_whatsapp, created_at)
     values
      ($1, 'Amal', 'A', '+966500000001', 'amal@example.com', 'ar', 'SA', 'Riyadh', '{vip,newsletter}', '{"tier":"gold","score":90,"note":"likes it"}', true, true, false, '2025-01-10T10:00:00Z'),
      ($1, 'Badr', 'B', '+966500000002', 'badr@example.com', 'ar', 'SA', 'Jeddah', '{newsletter}', '{"tier":"silver","score":40}', false, true, true, '2025-02-10T10:00:00Z'),
      ($1, 'Carl', 'C', '+971500000003', 'carl@example.com', 'en', 'AE', 'Dubai', '{vip}', '{"tier":"gold","score":"75"}', true, false, false, '2025-03-10T10:00:00Z'),
      ($1, 'Dina', 'D', '+201000000004', 'dina@example.com', 'ar', 'EG', 'Cairo', '{}', '{"score":10}', false, false, true, '2025-04-10T10:00:00Z'),
      ($1, 'Eman', 'E', '+966500000005', null, 'en', 'SA', 'riyadh', '{vip,newsletter,loyal}', '{"tier":"bronze"}', true, true, true, now() - interval '2 days'),
      ($1, 'Fady', 'F', '+966500000006', null, 'ar', null, null, '{}', '{}', false, false, false, now() - interval '1 day'),
      ($1, 'Ghada', 'G', '+966500000007', 'ghada@example.com', 'en', 'SA', 'Dammam', '{loyal}', '{"tier":"it''s; drop table customers;--"}', false, true, false, now())
     returning id, first_name`,
    [accountId],
  );
  return Object.fromEntries(rows.map((r) => [r.first_name, Number(r.id)]));
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, token: s.token };
  const v = await addUserToAccount(t, owner.accountId, 'viewer');
  viewer = { token: (await signIn(t, v.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  const bs = await signIn(t, b.email);
  stranger = { accountId: bs.user.account_id, token: bs.token };
  ids = await seedCustomers(owner.accountId);
  const [row] = await t.sql(
    `insert into customers (account_id, first_name, country, consent_sms) values ($1, 'Zed', 'SA', true) returning id`,
    [stranger.accountId],
  );
  strangerCustomer = Number(row?.id);
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const count = async (rules: unknown, token = owner.token) => {
  const res = await call(token, 'POST', '/api/groups/preview-count', { rules });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data.count as number;
};
const one = (condition: unknown) => ({ match: 'all', conditions: [condition] });

describe('segment evaluation (POST /api/groups/preview-count)', () => {
  it('counts every customer of the account for empty rules, never another account', async () => {
    expect(await count({ match: 'all', conditions: [] })).toBe(7);
    expect(await count({ match: 'all', conditions: [] }, stranger.token)).toBe(1);
  });

  it('field operators: eq, neq, in, not_in, exists, not_exists (country upper-cased, city case-insensitive)', async () => {
    expect(await count(one({ type: 'field', field: 'country', op: 'eq', value: 'sa' }))).toBe(4);
    expect(await count(one({ type: 'field', field: 'country', op: 'neq', value: 'SA' }))).toBe(3); // AE, EG, null
    expect(await count(one({ type: 'field', field: 'country', op: 'in', value: ['AE', 'EG'] }))).toBe(2);
    expect(await count(one({ type: 'field', field: 'country', op: 'not_in', value: ['SA', 'AE'] }))).toBe(2);
    expect(await count(one({ type: 'field', field: 'country', op: 'exists' }))).toBe(6);
    expect(await count(one({ type: 'field', field: 'city', op: 'not_exists' }))).toBe(1);
    expect(await count(one({ type: 'field', field: 'city', op: 'eq', value: 'RIYADH' }))).toBe(2);
    expect(await count(one({ type: 'field', field: 'language', op: 'eq', value: 'en' }))).toBe(3);
    expect(await count(one({ type: 'field', field: 'brand_id', op: 'exists' }))).toBe(0);
  });

  it('created_at ranges: from/to (dates and times) and within the last days', async () => {
    expect(await count(one({ type: 'created_at', from: '2025-01-01', to: '2025-02-10' }))).toBe(2);
    expect(await count(one({ type: 'created_at', to: '2025-03-10T09:00:00Z' }))).toBe(2);
    expect(await count(one({ type: 'created_at', from: '2025-03-01T00:00:00Z', to: '2025-04-30' }))).toBe(2);
    expect(await count(one({ type: 'created_at', within_days: 3 }))).toBe(3);
  });

  it('attribute operators: eq, neq, contains, gt, lt (numbers and text), exists, not_exists', async () => {
    expect(await count(one({ type: 'attribute', key: 'tier', op: 'eq', value: 'gold' }))).toBe(2);
    expect(await count(one({ type: 'attribute', key: 'tier', op: 'neq', value: 'gold' }))).toBe(5);
    expect(await count(one({ type: 'attribute', key: 'note', op: 'contains', value: 'LIKES' }))).toBe(1);
    expect(await count(one({ type: 'attribute', key: 'score', op: 'gt', value: 50 }))).toBe(2); // 90 and "75"
    expect(await count(one({ type: 'attribute', key: 'score', op: 'lt', value: 50 }))).toBe(2); // 40, 10
    expect(await count(one({ type: 'attribute', key: 'score', op: 'eq', value: 90 }))).toBe(1);
    expect(await count(one({ type: 'attribute', key: 'tier', op: 'gt', value: 'gold' }))).toBe(2); // silver, it's…
    expect(await count(one({ type: 'attribute', key: 'score', op: 'exists' }))).toBe(4);
    expect(await count(one({ type: 'attribute', key: 'score', op: 'not_exists' }))).toBe(3);
  });

  it('tags: has any, has all, has none', async () => {
    expect(await count(one({ type: 'tags', op: 'any', values: ['vip', 'loyal'] }))).toBe(4);
    expect(await count(one({ type: 'tags', op: 'all', values: ['vip', 'newsletter'] }))).toBe(2);
    expect(await count(one({ type: 'tags', op: 'none', values: ['vip'] }))).toBe(4);
  });

  it('consent per channel, true and false', async () => {
    expect(await count(one({ type: 'consent', channel: 'sms', value: true }))).toBe(4);
    expect(await count(one({ type: 'consent', channel: 'email', value: false }))).toBe(4);
    expect(await count(one({ type: 'consent', channel: 'whatsapp', value: true }))).toBe(3);
  });

  it('combines with all/any and one level of nesting', async () => {
    const saSms = {
      match: 'all',
      conditions: [
        { type: 'field', field: 'country', op: 'eq', value: 'SA' },
        { type: 'consent', channel: 'sms', value: true },
      ],
    };
    expect(await count(saSms)).toBe(4);
    expect(await count({ ...saSms, match: 'any' })).toBe(4 + 0); // every SMS consenter is in SA here
    const nested = {
      match: 'all',
      conditions: [
        { type: 'consent', channel: 'sms', value: true },
        {
          match: 'any',
          conditions: [
            { type: 'tags', op: 'any', values: ['vip'] },
            { type: 'attribute', key: 'tier', op: 'eq', value: 'silver' },
          ],
        },
      ],
    };
    expect(await count(nested)).toBe(3); // Amal, Badr, Eman
  });

  it('keeps injection attempts in values inert and refuses odd attribute keys', async () => {
    expect(await count(one({ type: 'attribute', key: 'tier', op: 'eq', value: "it's; drop table customers;--" }))).toBe(1);
    expect(await count(one({ type: 'field', field: 'city', op: 'eq', value: "x' or '1'='1" }))).toBe(0);
    expect(await count(one({ type: 'tags', op: 'any', values: ["vip'}; drop table customers; --"] }))).toBe(0);
    for (const key of ["tier' or 1=1 --", 'a.b', 'tier)', '', 'x'.repeat(65)]) {
      const res = await call(owner.token, 'POST', '/api/groups/preview-count', { rules: one({ type: 'attribute', key, op: 'exists' }) });
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await count({ match: 'all', conditions: [] })).toBe(7);
  });

  it('answers 400 SEGMENT_RULES_INVALID for meaningless rules and VALIDATION_ERROR for bad shapes', async () => {
    const invalid = [
      one({ type: 'field', field: 'country', op: 'eq' }),
      one({ type: 'field', field: 'country', op: 'in', value: 'SA' }),
      one({ type: 'field', field: 'language', op: 'eq', value: 'fr' }),
      one({ type: 'created_at', from: '2025-05-01', to: '2025-01-01' }),
      one({ type: 'created_at' }),
      one({ type: 'attribute', key: 'score', op: 'gt', value: true }),
      one({ type: 'group', op: 'in', group_id: 999999 }),
    ];
    for (const rules of invalid) {
      const res = await call(owner.token, 'POST', '/api/groups/preview-count', { rules });
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
      expect(json(res).code).toBe('SEGMENT_RULES_INVALID');
      expect(json(res).errors.length).toBeGreaterThan(0);
    }
    for (const rules of [
      null,
      { match: 'some', conditions: [] },
      one({ type: 'nope' }),
      one({ type: 'consent', channel: 'fax', value: true }),
      { match: 'all', conditions: [{ match: 'any', conditions: [] }] },
    ]) {
      const res = await call(owner.token, 'POST', '/api/groups/preview-count', { rules });
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('static groups and members', () => {
  let groupId: number;

  it('creates a static group; a duplicate name (any case) is GROUP_NAME_EXISTS', async () => {
    const res = await call(owner.token, 'POST', '/api/groups', { group_name: 'VIP list', group_description: 'Best customers' });
    expect(res.statusCode).toBe(201);
    const g = json(res).data;
    expect(g).toMatchObject({ group_name: 'VIP list', type: 'static', status: 'INACTIVE', contacts_count: 0, rules: null });
    groupId = g.id;
    const dup = await call(owner.token, 'POST', '/api/groups', { group_name: 'vip LIST' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).code).toBe('GROUP_NAME_EXISTS');
    // the same name in another account is fine
    expect((await call(stranger.token, 'POST', '/api/groups', { group_name: 'VIP list' })).statusCode).toBe(201);
  });

  it('refuses bad inputs with field errors', async () => {
    const res = await call(owner.token, 'POST', '/api/groups', { group_name: '', type: 'weird' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['group_name', 'type']));
    const rules = await call(owner.token, 'POST', '/api/groups', {
      group_name: 'Static with rules',
      type: 'static',
      rules: { match: 'all', conditions: [] },
    });
    expect(json(rules).code).toBe('SEGMENT_RULES_INVALID');
    expect((await call(owner.token, 'GET', '/api/groups/abc')).statusCode).toBe(400);
  });

  it('cannot activate a group without contacts', async () => {
    const res = await call(owner.token, 'POST', `/api/groups/${groupId}/activate`);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('GROUP_WITHOUT_CONTACTS');
  });

  it('adds members and keeps contacts_count; all already assigned → CONTACTS_ALREADY_ASSIGNED', async () => {
    const add = await call(owner.token, 'POST', `/api/groups/${groupId}/members`, { customer_ids: [ids.Amal, ids.Carl, ids.Carl] });
    expect(add.statusCode).toBe(200);
    expect(json(add).data).toEqual({ added: 2, already_assigned: 0, contacts_count: 2 });
    const again = await call(owner.token, 'POST', `/api/groups/${groupId}/members`, { customer_ids: [ids.Amal, ids.Carl] });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('CONTACTS_ALREADY_ASSIGNED');
    const some = await call(owner.token, 'POST', `/api/groups/${groupId}/members`, { customer_ids: [ids.Amal, ids.Eman] });
    expect(json(some).data).toEqual({ added: 1, already_assigned: 1, contacts_count: 3 });
  });

  it("refuses another account's customers (404) without adding anything", async () => {
    const res = await call(owner.token, 'POST', `/api/groups/${groupId}/members`, { customer_ids: [ids.Badr, strangerCustomer] });
    expect(res.statusCode).toBe(404);
    const [g] = await t.sql('select contacts_count from customer_groups where id = $1', [groupId]);
    expect(g?.contacts_count).toBe(3);
    const bad = await call(owner.token, 'POST', `/api/groups/${groupId}/members`, { customer_ids: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('lists members with pagination and search', async () => {
    const page = json(await call(owner.token, 'GET', `/api/groups/${groupId}/members?limit=2`)).data;
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toHaveProperty('added_at');
    const found = json(await call(owner.token, 'GET', `/api/groups/${groupId}/members?search=carl`)).data;
    expect(found.items.map((m: { first_name: string }) => m.first_name)).toEqual(['Carl']);
    const wild = json(await call(owner.token, 'GET', `/api/groups/${groupId}/members?search=%25`)).data;
    expect(wild.total).toBe(0);
  });

  it('activates, segments can target membership (in / not in), removal updates the count', async () => {
    const act = await call(owner.token, 'POST', `/api/groups/${groupId}/activate`);
    expect(json(act).data.status).toBe('ACTIVE');
    expect(await count(one({ type: 'group', op: 'in', group_id: groupId }))).toBe(3);
    expect(await count(one({ type: 'group', op: 'not_in', group_id: groupId }))).toBe(4);
    const rem = await call(owner.token, 'POST', `/api/groups/${groupId}/members/remove`, { customer_ids: [ids.Carl] });
    expect(json(rem).data).toEqual({ removed: 1, contacts_count: 2 });
    // deleting a customer (cascade) keeps the count true
    await t.sql('delete from customers where id = $1', [ids.Eman]);
    expect(json(await call(owner.token, 'GET', `/api/groups/${groupId}`)).data.contacts_count).toBe(1);
    const de = await call(owner.token, 'POST', `/api/groups/${groupId}/deactivate`);
    expect(json(de).data.status).toBe('INACTIVE');
  });

  it("hides other accounts' groups (404) on every endpoint", async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/groups/${groupId}`],
      ['PUT', `/api/groups/${groupId}`, { group_name: 'x y' }],
      ['DELETE', `/api/groups/${groupId}`],
      ['POST', `/api/groups/${groupId}/activate`],
      ['POST', `/api/groups/${groupId}/deactivate`],
      ['GET', `/api/groups/${groupId}/members`],
      ['POST', `/api/groups/${groupId}/members`, { customer_ids: [strangerCustomer] }],
      ['POST', `/api/groups/${groupId}/members/remove`, { customer_ids: [strangerCustomer] }],
    ] as const) {
      const res = await call(stranger.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const rules = await call(stranger.token, 'POST', '/api/groups/preview-count', {
      rules: one({ type: 'group', op: 'in', group_id: groupId }),
    });
    expect(json(rules).code).toBe('SEGMENT_RULES_INVALID');
  });

  it('lets a viewer read but not write', async () => {
    expect((await call(viewer.token, 'GET', '/api/groups')).statusCode).toBe(200);
    expect((await call(viewer.token, 'POST', '/api/groups/preview-count', { rules: { match: 'all', conditions: [] } })).statusCode).toBe(
      200,
    );
    const res = await call(viewer.token, 'POST', '/api/groups', { group_name: 'Nope' });
    expect(res.statusCode).toBe(403);
    expect((await call(viewer.token, 'DELETE', `/api/groups/${groupId}`)).statusCode).toBe(403);
  });
});

describe('dynamic segments', () => {
  let segId: number;

  it('creates a segment with its count, and refuses manual members', async () => {
    const rules = {
      match: 'all',
      conditions: [
        { type: 'field', field: 'country', op: 'eq', value: 'SA' },
        { type: 'consent', channel: 'sms', value: true },
      ],
    };
    const res = await call(owner.token, 'POST', '/api/groups', { group_name: 'Saudi SMS', type: 'dynamic', rules });
    expect(res.statusCode).toBe(201);
    const g = json(res).data;
    expect(g).toMatchObject({ type: 'dynamic', contacts_count: 3, rules }); // Eman was deleted above
    segId = g.id;
    const add = await call(owner.token, 'POST', `/api/groups/${segId}/members`, { customer_ids: [ids.Dina] });
    expect(add.statusCode).toBe(400);
    const members = json(await call(owner.token, 'GET', `/api/groups/${segId}/members`)).data;
    expect(members.total).toBe(3);
    expect(members.items[0].added_at).toBeNull();
  });

  it('refuses a segment referring to itself or to another segment', async () => {
    const self = await call(owner.token, 'PUT', `/api/groups/${segId}`, { rules: one({ type: 'group', op: 'in', group_id: segId }) });
    expect(json(self).code).toBe('SEGMENT_RULES_INVALID');
  });

  it('updates rules (count follows), name and description; rules on a static group are refused', async () => {
    const res = await call(owner.token, 'PUT', `/api/groups/${segId}`, {
      group_name: 'Saudi',
      rules: one({ type: 'field', field: 'country', op: 'eq', value: 'SA' }),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ group_name: 'Saudi', contacts_count: 3 });
    const list = json(await call(owner.token, 'GET', '/api/groups?type=static')).data;
    const staticId = list.items[0].id;
    const bad = await call(owner.token, 'PUT', `/api/groups/${staticId}`, { rules: { match: 'all', conditions: [] } });
    expect(json(bad).code).toBe('SEGMENT_RULES_INVALID');
    const dup = await call(owner.token, 'PUT', `/api/groups/${segId}`, { group_name: 'VIP LIST' });
    expect(json(dup).code).toBe('GROUP_NAME_EXISTS');
  });

  it('activation needs a non-empty audience; the count is live', async () => {
    const empty = await call(owner.token, 'POST', '/api/groups', {
      group_name: 'Nobody',
      type: 'dynamic',
      rules: one({ type: 'field', field: 'country', op: 'eq', value: 'JP' }),
    });
    const emptyId = json(empty).data.id;
    const res = await call(owner.token, 'POST', `/api/groups/${emptyId}/activate`);
    expect(json(res).code).toBe('GROUP_WITHOUT_CONTACTS');
    await t.sql(`insert into customers (account_id, first_name, country) values ($1, 'Jiro', 'JP')`, [owner.accountId]);
    const ok = await call(owner.token, 'POST', `/api/groups/${emptyId}/activate`);
    expect(json(ok).data).toMatchObject({ status: 'ACTIVE', contacts_count: 1 });
  });

  it('refuses to delete a static group that a segment refers to (IN_USE)', async () => {
    const staticId = json(await call(owner.token, 'GET', '/api/groups?type=static')).data.items[0].id;
    const ref = await call(owner.token, 'POST', '/api/groups', {
      group_name: 'Outside VIP',
      type: 'dynamic',
      rules: { match: 'all', conditions: [{ match: 'any', conditions: [{ type: 'group', op: 'not_in', group_id: staticId }] }] },
    });
    expect(ref.statusCode).toBe(201);
    const res = await call(owner.token, 'DELETE', `/api/groups/${staticId}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('IN_USE');
    expect((await call(owner.token, 'DELETE', `/api/groups/${json(ref).data.id}`)).statusCode).toBe(200);
  });

  it('lists with search, filters, sorting and pagination; deletes', async () => {
    const all = json(await call(owner.token, 'GET', '/api/groups?sort=group_name&order=asc')).data;
    expect(all.items.map((g: { group_name: string }) => g.group_name)).toEqual(['Nobody', 'Saudi', 'VIP list']);
    expect(all.total).toBe(3);
    const page = json(await call(owner.token, 'GET', '/api/groups?limit=1&page=2&sort=group_name&order=asc')).data;
    expect(page).toMatchObject({ page: 2, limit: 1, total: 3 });
    expect(page.items[0].group_name).toBe('Saudi');
    expect(json(await call(owner.token, 'GET', '/api/groups?search=sau')).data.total).toBe(1);
    expect(json(await call(owner.token, 'GET', '/api/groups?status=ACTIVE')).data.total).toBe(1);
    expect((await call(owner.token, 'GET', '/api/groups?sort=evil')).statusCode).toBe(400);
    expect((await call(owner.token, 'GET', '/api/groups?limit=1000')).statusCode).toBe(400);
    expect((await call(owner.token, 'DELETE', `/api/groups/${segId}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/groups/${segId}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `/api/groups/${segId}`)).statusCode).toBe(404);
  });
});
