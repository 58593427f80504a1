import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, type TestApp, signUpCast } from '../../test/helper.ts';

let t: TestApp;
let owner: { userId: number; accountId: number; token: string };
let viewer: { userId: number; token: string };
let stranger: { userId: number; accountId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, viewer, stranger } = await signUpCast(t));
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const create = (payload: object, token = owner.token) => call(token, 'POST', '/api/customer', payload);

describe('POST /api/customer', () => {
  it('creates a customer with E.164 number, consent stamped by the server', async () => {
    const res = await create({
      first_name: 'Layla',
      last_name: 'Haddad',
      mobile_number: '050 123 4567',
      country: 'sa',
      email: 'Layla@Example.com',
      language: 'ar',
      tags: ['vip', 'vip', 'riyadh'],
      attributes: { plan: 'gold', visits: 3, member: true },
      consent: { sms: { granted: true, source: 'web form' } },
    });
    expect(res.statusCode).toBe(201);
    const c = json(res).data;
    expect(c).toMatchObject({
      mobile_number: '+966501234567',
      email: 'layla@example.com',
      country: 'SA',
      language: 'ar',
      tags: ['vip', 'riyadh'],
      attributes: { plan: 'gold', visits: 3, member: true },
    });
    expect(c.consent.sms).toMatchObject({ granted: true, source: 'web form' });
    expect(Date.parse(c.consent.sms.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(c.consent.email).toEqual({ granted: false, source: null, at: null });
  });

  it('refuses a duplicate mobile number in the same account, not in another', async () => {
    const dup = await create({ first_name: 'Twin', mobile_number: '+966501234567' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).code).toBe('DUPLICATE_MOBILE_NUMBER');
    const other = await create({ first_name: 'Elsewhere', mobile_number: '+966501234567' }, stranger.token);
    expect(other.statusCode).toBe(201);
  });

  it('needs a mobile number or an email', async () => {
    const res = await create({ first_name: 'Nobody' });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('CUSTOMER_CONTACT_REQUIRED');
  });

  it('answers 400 with field errors for bad input, never 500', async () => {
    for (const [body, field] of [
      [{ mobile_number: '+96612' }, 'mobile_number'],
      [{ mobile_number: '0501234567' }, 'mobile_number'], // national, no country
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a@b.co', language: 'fr' }, 'language'],
      [{ email: 'a@b.co', country: 'Saudi' }, 'country'],
      [{ email: 'a@b.co', attributes: { nested: { a: 1 } } }, 'attributes.nested'],
      [{ email: 'a@b.co', tags: 'vip' }, 'tags'],
      [{ email: 'a@b.co', consent: { sms: { granted: 'yes' } } }, 'consent.sms.granted'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('reports every wrong field in one answer, a number with its country code included', async () => {
    const res = await create({ mobile_number: '+96612', email: 'not-an-email', country: 'Saudi' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual(
      expect.arrayContaining([
        { field: 'mobile_number', message: 'Phone number is too short' },
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'country', message: 'Invalid value' },
      ]),
    );
    const long = await create({ mobile_number: '00966 50 123 4567 999', email: 'x' });
    expect(json(long).errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`)).toEqual(
      expect.arrayContaining(['mobile_number: Phone number is too long', 'email: Enter a valid email address']),
    );
  });

  it('refuses another account’s brand and lets a viewer only read', async () => {
    const [brand] = await t.sql(`insert into brands (account_id, name) values ($1, 'Theirs') returning id`, [stranger.accountId]);
    const res = await create({ email: 'b@example.com', brand_id: brand.id });
    expect(res.statusCode).toBe(404);
    const [mine] = await t.sql(`insert into brands (account_id, name) values ($1, 'Mine') returning id`, [owner.accountId]);
    expect((await create({ email: 'b@example.com', brand_id: mine.id })).statusCode).toBe(201);
    expect((await create({ email: 'v@example.com' }, viewer.token)).statusCode).toBe(403);
  });
});

describe('GET/PUT/DELETE /api/customer/{id}', () => {
  it('reads, updates (consent time moves only on change) and deletes', async () => {
    const c = json(
      await create({ first_name: 'Omar', email: 'omar@example.com', consent: { email: { granted: true, source: 'import' } } }),
    ).data;
    const got = await call(viewer.token, 'GET', `/api/customer/${c.id}`);
    expect(json(got).data.first_name).toBe('Omar');

    const same = json(
      await call(owner.token, 'PUT', `/api/customer/${c.id}`, { city: 'Jeddah', consent: { email: { granted: true, source: 'import' } } }),
    ).data;
    expect(same.city).toBe('Jeddah');
    expect(same.first_name).toBe('Omar');
    expect(same.consent.email.at).toBe(c.consent.email.at);
    const revoked = json(
      await call(owner.token, 'PUT', `/api/customer/${c.id}`, { consent: { email: { granted: false, source: 'unsubscribe link' } } }),
    ).data;
    expect(revoked.consent.email.granted).toBe(false);
    expect(revoked.consent.email.at).not.toBe(c.consent.email.at);

    const noContact = await call(owner.token, 'PUT', `/api/customer/${c.id}`, { email: null });
    expect(json(noContact).code).toBe('CUSTOMER_CONTACT_REQUIRED');

    expect((await call(owner.token, 'DELETE', `/api/customer/${c.id}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/customer/${c.id}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `/api/customer/${c.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another account’s customer and 400 for a bad id', async () => {
    const theirs = json(await create({ email: 'theirs@example.com' }, stranger.token)).data;
    expect((await call(owner.token, 'GET', `/api/customer/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'PUT', `/api/customer/${theirs.id}`, { city: 'X' })).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `/api/customer/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/customer/abc')).statusCode).toBe(400);
    expect((await call(viewer.token, 'DELETE', `/api/customer/${theirs.id}`)).statusCode).toBe(403);
  });

  it('rejects an update to a number another customer has', async () => {
    const a = json(await create({ email: 'x1@example.com', mobile_number: '+971501112233' })).data;
    const b = json(await create({ email: 'x2@example.com' })).data;
    const res = await call(owner.token, 'PUT', `/api/customer/${b.id}`, { mobile_number: a.mobile_number });
    expect(json(res).code).toBe('DUPLICATE_MOBILE_NUMBER');
  });
});

describe('GET /api/customers', () => {
  let groupId: number;
  beforeAll(async () => {
    const rows = [
      ['Zaid', 'Karim', '+966551000001', 'SA', true, ['gold']],
      ['Amal', 'Nasser', '+971551000002', 'AE', false, ['gold', 'new']],
      ['Basma', 'Saleh', '+20100000003', 'EG', true, []],
    ] as const;
    for (const [first, last, mobile, country, sms, tags] of rows) {
      await create({ first_name: first, last_name: last, mobile_number: mobile, country, tags, consent: { sms: { granted: sms } } });
    }
    const [g] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'List filter') returning id`, [
      owner.accountId,
    ]);
    groupId = g.id;
    await t.sql(
      `insert into group_members (account_id, group_id, customer_id)
       select account_id, $2, id from customers where account_id = $1 and first_name in ('Zaid', 'Amal')`,
      [owner.accountId, groupId],
    );
  });
  const list = async (query: string, token = owner.token) => json(await call(token, 'GET', `/api/customers?${query}`)).data;

  it('searches name, email and mobile; filters; sorts; paginates', async () => {
    expect((await list('search=karim')).items.map((c: { first_name: string }) => c.first_name)).toEqual(['Zaid']);
    expect((await list('search=551000002')).items[0].first_name).toBe('Amal');
    // a local number as people type it finds the stored E.164 number
    for (const typed of ['055 100 0001', '0551000001', '+966 (55) 100-0001']) {
      expect(
        (await list(`search=${encodeURIComponent(typed)}`)).items.map((c: { first_name: string }) => c.first_name),
        typed,
      ).toEqual(['Zaid']);
    }
    expect((await list('search=100%25')).total).toBe(0); // % is literal, not a wildcard
    expect((await list('tag=gold')).total).toBe(2);
    expect((await list('country=eg')).items[0].first_name).toBe('Basma');
    expect((await list('consent_sms=true&tag=gold')).items.map((c: { first_name: string }) => c.first_name)).toEqual(['Zaid']);
    expect((await list(`group=${groupId}&sort=name&order=asc`)).items.map((c: { first_name: string }) => c.first_name)).toEqual([
      'Amal',
      'Zaid',
    ]);
    const page = await list('sort=country&order=asc&limit=2&page=1&search=55100');
    expect(page).toMatchObject({ page: 1, limit: 2, total: 2, total_estimated: false });
    expect(page.items.map((c: { country: string }) => c.country)).toEqual(['AE', 'SA']);
  });

  it('is scoped to the account and validates the query', async () => {
    expect((await list('search=karim', stranger.token)).total).toBe(0);
    expect((await call(stranger.token, 'GET', `/api/customers?group=${groupId}`)).statusCode).toBe(404);
    for (const q of ['limit=500', 'page=0', 'sort=email', 'consent_sms=maybe', 'country=Saudi', 'group=x']) {
      const res = await call(owner.token, 'GET', `/api/customers?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('GET /api/customers/user/{userId} lists the account’s customers for a colleague only', async () => {
    const res = await call(owner.token, 'GET', `/api/customers/user/${viewer.userId}?search=karim`);
    expect(json(res).data.total).toBe(1);
    expect((await call(owner.token, 'GET', `/api/customers/user/${stranger.userId}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/customers/user/0')).statusCode).toBe(400);
  });
});

describe('large accounts', () => {
  it('counts exactly up to 10,000 matches and estimates beyond', async () => {
    await t.sql(
      `insert into customers (account_id, first_name, mobile_number)
       select $1, 'Bulk' || g, '+9715' || lpad(g::text, 8, '0') from generate_series(1, 10050) g`,
      [stranger.accountId],
    );
    await t.sql('analyze customers');
    const all = json(await call(stranger.token, 'GET', '/api/customers?limit=5&sort=name&order=asc')).data;
    expect(all.total_estimated).toBe(true);
    expect(all.total).toBeGreaterThan(10_000);
    expect(all.items).toHaveLength(5);
    const some = json(await call(stranger.token, 'GET', '/api/customers?search=Bulk999')).data;
    expect(some).toMatchObject({ total: 11, total_estimated: false }); // Bulk999, Bulk9990–Bulk9999
    const last = json(await call(stranger.token, 'GET', '/api/customers?search=Bulk999&page=2&limit=10')).data;
    expect(last.items).toHaveLength(1);
    const past = json(await call(stranger.token, 'GET', '/api/customers?search=Bulk999&page=9')).data;
    expect(past).toMatchObject({ items: [], total: 11 });
  });
});

describe('customers.account_id integrity', () => {
  it('refuses an unknown account, keeps account ids in use, and deletes customers with their account', async () => {
    const fk = { code: '23503', constraint: 'customers_account_id_accounts_id_fk' };
    await expect(t.sql(`insert into customers (account_id, mobile_number) values (2147483647, '+966559999001')`)).rejects.toMatchObject(fk);
    const [row] = await t.sql(`insert into accounts (name) values ('Gone Co') returning id`);
    const gone = (row as { id: number }).id;
    await t.sql(
      `insert into customers (account_id, mobile_number) select $1, '+96655999' || lpad(g::text, 4, '0') from generate_series(1, 3) g`,
      [gone],
    );
    await expect(t.sql('update customers set account_id = 2147483647 where account_id = $1', [gone])).rejects.toMatchObject(fk);
    await expect(t.sql('update accounts set id = 2147483646 where id = $1', [gone])).rejects.toMatchObject(fk);
    await t.sql('delete from accounts where id = $1', [gone]);
    expect(await t.sql('select count(*)::int as n from customers where account_id = $1', [gone])).toEqual([{ n: 0 }]);
  });
});
