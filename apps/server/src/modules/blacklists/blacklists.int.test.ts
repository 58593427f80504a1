import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { findBlocking } from './blacklist-match.ts';

let t: TestApp;
let owner: { accountId: number; token: string };
let viewer: { token: string };
let stranger: { accountId: number; token: string };

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
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const upload = (token: string, id: number, filename: string, text: string | Buffer) => {
  const { payload, headers } = multipartFile({ filename, contentType: 'text/csv', data: Buffer.isBuffer(text) ? text : Buffer.from(text) });
  return t.app.inject({ method: 'POST', url: `/api/blacklists/${id}/import`, headers: { ...headers, ...bearer(token) }, payload });
};
const check = async (body: Record<string, unknown>, token = owner.token) => {
  const res = await call(token, 'POST', '/api/blacklists/check', body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return json(res).data as { blocked: boolean; matches: { blacklist_name: string; kind: string; value: string; blacklist_type: string }[] };
};

let mt: number;
let mo: number;

describe('blacklists CRUD', () => {
  it('creates MT and MO lists; a duplicate name is NAME_EXISTS; bad inputs are 400', async () => {
    const a = await call(owner.token, 'POST', '/api/blacklists', {
      blacklist_name: 'Opt-outs',
      blacklist_type: 'MT',
      description: 'STOP replies',
    });
    expect(a.statusCode).toBe(201);
    expect(json(a).data).toMatchObject({ blacklist_name: 'Opt-outs', blacklist_type: 'MT', status: 'ACTIVE', entries_count: 0 });
    mt = json(a).data.id;
    const b = await call(owner.token, 'POST', '/api/blacklists', {
      blacklist_name: 'Spam senders',
      blacklist_type: 'MO',
      status: 'INACTIVE',
    });
    mo = json(b).data.id;
    expect(json(b).data.status).toBe('INACTIVE');
    const dup = await call(owner.token, 'POST', '/api/blacklists', { blacklist_name: 'OPT-OUTS', blacklist_type: 'MO' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).code).toBe('NAME_EXISTS');
    const bad = await call(owner.token, 'POST', '/api/blacklists', { blacklist_name: '123', blacklist_type: 'XX' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['blacklist_name', 'blacklist_type']));
  });

  it('updates, lists with search/filter/sort/pagination', async () => {
    const res = await call(owner.token, 'PUT', `/api/blacklists/${mo}`, { description: 'Inbound abuse' });
    expect(json(res).data.description).toBe('Inbound abuse');
    const dup = await call(owner.token, 'PUT', `/api/blacklists/${mo}`, { blacklist_name: 'opt-outs' });
    expect(json(dup).code).toBe('NAME_EXISTS');
    const list = json(await call(owner.token, 'GET', '/api/blacklists?sort=blacklist_name&order=asc')).data;
    expect(list.items.map((b: { blacklist_name: string }) => b.blacklist_name)).toEqual(['Opt-outs', 'Spam senders']);
    expect(json(await call(owner.token, 'GET', '/api/blacklists?type=MO')).data.total).toBe(1);
    expect(json(await call(owner.token, 'GET', '/api/blacklists?search=abuse')).data.total).toBe(1);
    expect(json(await call(owner.token, 'GET', '/api/blacklists?limit=1&page=2')).data).toMatchObject({ total: 2, page: 2 });
    expect((await call(owner.token, 'GET', '/api/blacklists?type=ZZ')).statusCode).toBe(400);
  });
});

describe('entries', () => {
  it('adds numbers, prefixes and keywords (normalised); all duplicates → DATA_EXISTS; bad values → 400', async () => {
    const res = await call(owner.token, 'POST', `/api/blacklists/${mt}/entries`, {
      entries: [
        { kind: 'number', value: '+966 50 123 4567' },
        { kind: 'prefix', value: '+96655' },
        { kind: 'keyword', value: '  Free  Money ' },
        { kind: 'keyword', value: 'STOP' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toEqual({ added: 4, duplicates: 0 });
    const again = await call(owner.token, 'POST', `/api/blacklists/${mt}/entries`, { entries: [{ kind: 'keyword', value: 'stop' }] });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('DATA_EXISTS');
    const bad = await call(owner.token, 'POST', `/api/blacklists/${mt}/entries`, {
      entries: [
        { kind: 'number', value: '12345' },
        { kind: 'prefix', value: 'abc' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors.length).toBe(2);
    expect(
      (await call(owner.token, 'POST', `/api/blacklists/${mt}/entries`, { entries: [{ kind: 'regex', value: '.*' }] })).statusCode,
    ).toBe(400);
    await call(owner.token, 'POST', `/api/blacklists/${mo}/entries`, { entries: [{ kind: 'number', value: '+966501234567' }] });
  });

  it('lists entries with pagination, search and kind filter; removes one', async () => {
    const list = json(await call(owner.token, 'GET', `/api/blacklists/${mt}/entries?limit=2`)).data;
    expect(list.total).toBe(4);
    expect(list.items).toHaveLength(2);
    const kw = json(await call(owner.token, 'GET', `/api/blacklists/${mt}/entries?kind=keyword`)).data;
    expect(kw.items.map((e: { value: string }) => e.value).sort()).toEqual(['free money', 'stop']);
    const found = json(await call(owner.token, 'GET', `/api/blacklists/${mt}/entries?search=96655`)).data;
    expect(found.items).toEqual([expect.objectContaining({ kind: 'prefix', value: '+96655' })]);
    const stop = kw.items.find((e: { value: string }) => e.value === 'stop');
    expect((await call(owner.token, 'DELETE', `/api/blacklists/${mt}/entries/${stop.id}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'DELETE', `/api/blacklists/${mt}/entries/${stop.id}`)).statusCode).toBe(404);
    expect(json(await call(owner.token, 'GET', `/api/blacklists/${mt}`)).data.entries_count).toBe(3);
  });
});

describe('matching (POST /api/blacklists/check and findBlocking)', () => {
  it('matches an exact number, a prefix and keywords as whole words, only on ACTIVE lists', async () => {
    const exact = await check({ number: '+966501234567' });
    expect(exact.blocked).toBe(true);
    expect(exact.matches).toEqual([
      { blacklist_id: mt, blacklist_name: 'Opt-outs', blacklist_type: 'MT', kind: 'number', value: '+966501234567' },
    ]);
    const prefix = await check({ number: '+966 55 000 1111' });
    expect(prefix.matches.map((m) => `${m.kind}:${m.value}`)).toEqual(['prefix:+96655']);
    expect((await check({ number: '+971500000000' })).blocked).toBe(false);
    const kw = await check({ number: '+971500000000', text: 'Get FREE money now!' });
    expect(kw.matches.map((m) => m.value)).toEqual(['free money']);
    expect((await check({ number: '+971500000000', text: 'carefree moneybags' })).blocked).toBe(false);
  });

  it('filters by type and follows activation', async () => {
    expect((await check({ number: '+966501234567', type: 'MO' })).blocked).toBe(false); // the MO list is inactive
    await call(owner.token, 'POST', `/api/blacklists/${mo}/activate`);
    const both = await check({ number: '+966501234567' });
    expect(both.matches.map((m) => m.blacklist_type).sort()).toEqual(['MO', 'MT']);
    expect((await check({ number: '+966501234567', type: 'MO' })).matches).toHaveLength(1);
    await call(owner.token, 'POST', `/api/blacklists/${mt}/deactivate`);
    expect((await check({ number: '+966551112222' })).blocked).toBe(false);
    expect(await findBlocking(t.ctx.db, owner.accountId, { number: '+966501234567', type: 'MT' })).toEqual([]);
    await call(owner.token, 'POST', `/api/blacklists/${mt}/activate`);
    expect(await findBlocking(t.ctx.db, owner.accountId, { number: '+966501234567', type: 'MT', text: 'hi' })).toHaveLength(1);
  });

  it("never matches another account's lists; bad numbers are 400", async () => {
    expect((await check({ number: '+966501234567' }, stranger.token)).blocked).toBe(false);
    for (const number of ['', '966501234567', '+96', "+966' or 1=1"]) {
      const res = await call(owner.token, 'POST', '/api/blacklists/check', { number });
      expect(res.statusCode, number).toBe(400);
    }
    expect((await call(owner.token, 'POST', '/api/blacklists/check', { number: '+966501234567', type: 'XX' })).statusCode).toBe(400);
  });
});

describe('import', () => {
  it('imports a number column, reports invalid lines, skips duplicates', async () => {
    const csv = 'name,number\nA,+966500000011\nB,not a number\nC,+966500000012\nD,+966500000011\nE,+966501234567\n';
    const res = await upload(owner.token, mt, 'numbers.csv', csv);
    expect(res.statusCode).toBe(200);
    const r = json(res).data;
    expect(r).toMatchObject({ total: 5, added: 2, duplicates: 2, invalid_count: 1 });
    expect(r.invalid).toEqual([{ line: 3, value: 'not a number', message: expect.any(String) }]);
    expect((await check({ number: '+966500000012' })).blocked).toBe(true);
  });

  it('imports one number per line from a TXT file', async () => {
    const res = await upload(owner.token, mt, 'list.txt', '\uFEFF+971501111111\r\n\r\n+971502222222\r\n12\r\n');
    expect(json(res).data).toMatchObject({ total: 3, added: 2, invalid_count: 1 });
    expect(json(res).data.invalid[0]).toMatchObject({ line: 4, value: '12' });
  });

  it('refuses empty, binary, mis-encoded and wrongly named files and foreign lists', async () => {
    expect(json(await upload(owner.token, mt, 'empty.csv', '\n\n')).code).toBe('IMPORT_EMPTY');
    expect(json(await upload(owner.token, mt, 'latin.csv', Buffer.from([0x2b, 0x39, 0xe9, 0x0a]))).code).toBe('IMPORT_ENCODING');
    expect(json(await upload(owner.token, mt, 'bin.csv', Buffer.from([0x2b, 0x00, 0x39]))).code).toBe('IMPORT_FILE_INVALID');
    expect(json(await upload(owner.token, mt, 'numbers.pdf', '+966500000099')).code).toBe('INVALID_FILE_TYPE');
    expect((await upload(stranger.token, mt, 'n.csv', '+966500000099')).statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: `/api/blacklists/${mt}/import`, headers: bearer(owner.token), payload: {} });
    expect(json(none).code).toBe('FILE_REQUIRED');
  });
});

describe('deletion, permissions and other accounts', () => {
  it("hides other accounts' lists (404) on every endpoint", async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/blacklists/${mt}`],
      ['PUT', `/api/blacklists/${mt}`, { description: 'x' }],
      ['DELETE', `/api/blacklists/${mt}`],
      ['POST', `/api/blacklists/${mt}/activate`],
      ['POST', `/api/blacklists/${mt}/deactivate`],
      ['GET', `/api/blacklists/${mt}/entries`],
      ['POST', `/api/blacklists/${mt}/entries`, { entries: [{ kind: 'keyword', value: 'x' }] }],
      ['DELETE', `/api/blacklists/${mt}/entries/1`],
    ] as const) {
      expect((await call(stranger.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('lets a viewer read and check but not write', async () => {
    expect((await call(viewer.token, 'GET', '/api/blacklists')).statusCode).toBe(200);
    expect((await check({ number: '+966501234567' }, viewer.token)).blocked).toBe(true);
    expect((await call(viewer.token, 'POST', '/api/blacklists', { blacklist_name: 'Nope', blacklist_type: 'MT' })).statusCode).toBe(403);
    expect((await call(viewer.token, 'POST', `/api/blacklists/${mt}/deactivate`)).statusCode).toBe(403);
  });

  it('refuses to delete an ACTIVE list (DELETE_ACTIVE_BLACKLIST), deletes it once inactive', async () => {
    const res = await call(owner.token, 'DELETE', `/api/blacklists/${mt}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('DELETE_ACTIVE_BLACKLIST');
    await call(owner.token, 'POST', `/api/blacklists/${mt}/deactivate`);
    expect((await call(owner.token, 'DELETE', `/api/blacklists/${mt}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/blacklists/${mt}`)).statusCode).toBe(404);
    const [{ n }] = (await t.sql('select count(*)::int as n from blacklist_entries where blacklist_id = $1', [mt])) as [{ n: number }];
    expect(n).toBe(0);
  });
});
