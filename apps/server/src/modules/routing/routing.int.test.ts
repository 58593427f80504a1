import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { applyPlugins } from '../../channels/sms/routing.ts';
import { urlShortenerFor } from './plugins.service.ts';
import { loadRoutingTable } from './routing-table.ts';

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };
let marketer: { token: string };
let stranger: { accountId: number; token: string };
const conn: number[] = [];
let strangerConn: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
const post = (url: string, payload?: unknown) => call(owner.token, 'POST', url, payload ?? {});
const code = (res: LightMyRequestResponse) => json(res).code;
const fields = (res: LightMyRequestResponse) => json(res).errors.map((e: { field: string }) => e.field);

async function connection(accountId: number, name: string) {
  const [row] = await t.sql<{ id: number }>(
    `insert into connections (account_id, connection_name, type) values ($1, $2, 'smpp') returning id`,
    [accountId, name],
  );
  return (row as { id: number }).id;
}

const senderRows: Record<string, number> = {};
async function smsSender(accountId: number, senderId: string, status: string) {
  const [row] = await t.sql<{ id: number }>(
    `insert into sms_senders (account_id, sender_id, sender_type, status) values ($1, $2, 'alphanumeric', $3) returning id`,
    [accountId, senderId, status],
  );
  return (row as { id: number }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, userId: s.user.id, token: s.token };
  const v = await addUserToAccount(t, owner.accountId, 'marketer');
  marketer = { token: (await signIn(t, v.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  const bs = await signIn(t, b.email);
  stranger = { accountId: bs.user.account_id, token: bs.token };
  // start from an empty routing table (whatever a new account is seeded with)
  await t.sql('delete from routers where account_id = $1', [owner.accountId]);
  for (const name of ['Alpha', 'Beta', 'Gamma']) conn.push(await connection(owner.accountId, `${name} SMSC`));
  // the sender ids a sender override sets must be approved (ACTIVE) in Sender Management
  for (const id of ['Brand', 'Brand2']) senderRows[id] = await smsSender(owner.accountId, id, 'ACTIVE');
  strangerConn = await connection(stranger.accountId, 'Stranger SMSC');
});
afterAll(async () => {
  await t.close();
});

const ids: Record<string, number> = {};

describe('rules', () => {
  it('creates each filter type; bad inputs are 400 with fields', async () => {
    const bodies = {
      uae: { filter_type: 'destination_prefix', value: { prefixes: ['+971'] } },
      mobile: { filter_type: 'destination_pattern', value: { pattern: '^\\+9665\\d{8}$' } },
      source: { filter_type: 'source_address', value: { addresses: ['+966500000000'] } },
      bank: { filter_type: 'sender', value: { sender_ids: ['MyBank'] } },
      me: { filter_type: 'user', value: { user_ids: [owner.userId] } },
      otp: { filter_type: 'content_pattern', value: { pattern: 'code:? \\d{4}' } },
      offers: { filter_type: 'content_keyword', value: { keywords: ['عرض', 'Offer'] } },
      night: { filter_type: 'time_window', value: { days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '06:00' } },
      all: { filter_type: 'transparent' },
    };
    for (const [name, body] of Object.entries(bodies)) {
      const res = await post('/api/gateway/rules', { rule_name: `Rule ${name}`, ...body });
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).data).toMatchObject({ rule_name: `Rule ${name}`, status: 'ACTIVE', filter_type: body.filter_type });
      ids[name] = json(res).data.id;
    }
    expect(json(await post('/api/gateway/rules', { rule_name: 'RULE UAE', filter_type: 'transparent' })).code).toBe('FILTER_NAME_EXISTS');
    const cases: [unknown, string][] = [
      [{ rule_name: '1234', filter_type: 'transparent' }, 'rule_name'],
      [{ rule_name: 'Bad', filter_type: 'destination_pattern', value: { pattern: '([' } }, 'value.pattern'],
      [{ rule_name: 'Bad', filter_type: 'content_pattern', value: { pattern: 'a(?!b)' } }, 'value.pattern'],
      [{ rule_name: 'Bad', filter_type: 'content_pattern', value: { pattern: '.{0,1000}' } }, 'value.pattern'],
      [{ rule_name: 'Bad', filter_type: 'content_pattern', value: { pattern: 'x'.repeat(201) } }, 'value.pattern'],
      [{ rule_name: 'Bad', filter_type: 'destination_prefix', value: { prefixes: [] } }, 'value.prefixes'],
      [{ rule_name: 'Bad', filter_type: 'time_window', value: { days: [1], from: '25:00', to: '06:00' } }, 'value.from'],
      [{ rule_name: 'Bad', filter_type: 'nope', value: {} }, 'filter_type'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/gateway/rules', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    const lookahead = await post('/api/gateway/rules', { rule_name: 'Bad', filter_type: 'content_pattern', value: { pattern: 'a(?=b)' } });
    expect(json(lookahead).errors[0].message).toMatch(/look-ahead/);
    const big = await post('/api/gateway/rules', { rule_name: 'Bad', filter_type: 'content_pattern', value: { pattern: '.{0,1000}' } });
    expect(json(big).errors[0].message).toMatch(/too complex/);
    // users of another account → 404
    const [other] = await t.sql<{ id: number }>('select id from users where account_id = $1', [stranger.accountId]);
    expect(
      (await post('/api/gateway/rules', { rule_name: 'Theirs', filter_type: 'user', value: { user_ids: [other?.id] } })).statusCode,
    ).toBe(404);
    // a transparent rule is always active
    expect(code(await post('/api/gateway/rules', { rule_name: 'Off', filter_type: 'transparent', status: 'INACTIVE' }))).toBe(
      'TRANSPARENT_RULE_IMMUTABLE',
    );
  });

  it('a sender rule takes the sender ids Sender Management accepts, and only those', async () => {
    const ok = await post('/api/gateway/rules', {
      rule_name: 'Shop senders',
      filter_type: 'sender',
      value: { sender_ids: ['PROMO-1', 'My Shop.'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).data.value).toEqual({ sender_ids: ['PROMO-1', 'My Shop.'] });
    for (const bad of ['شركة', 'Acme_Shop', '12']) {
      const res = await post('/api/gateway/rules', { rule_name: 'Bad senders', filter_type: 'sender', value: { sender_ids: [bad] } });
      expect(res.statusCode, bad).toBe(400);
    }
    await post(`/api/gateway/rules/${json(ok).data.id}/deactivate`);
    expect((await call(owner.token, 'DELETE', `/api/gateway/rules/${json(ok).data.id}`)).statusCode).toBe(200);
  });

  it('lists with search, filter, sort and pagination; gets and updates', async () => {
    const res = await call(owner.token, 'GET', '/api/gateway/rules?search=rule%20o&sort=rule_name&order=asc&limit=1');
    expect(json(res).data).toMatchObject({ total: 2, page: 1, limit: 1, items: [{ rule_name: 'Rule offers' }] });
    const typed = json(await call(owner.token, 'GET', '/api/gateway/rules?filter_type=time_window')).data;
    expect(typed.items.map((r: { id: number }) => r.id)).toEqual([ids.night]);
    expect(json(await call(owner.token, 'GET', `/api/gateway/rules/${ids.uae}`)).data.value).toEqual({ prefixes: ['+971'] });
    const upd = await call(owner.token, 'PUT', `/api/gateway/rules/${ids.uae}`, {
      rule_name: 'Rule uae',
      filter_type: 'destination_prefix',
      value: { prefixes: ['+971', '+968'] },
    });
    expect(json(upd).data.value).toEqual({ prefixes: ['+971', '+968'] });
    const dup = await call(owner.token, 'PUT', `/api/gateway/rules/${ids.uae}`, { rule_name: 'rule bank', filter_type: 'transparent' });
    expect(code(dup)).toBe('TRANSPARENT_RULE_IMMUTABLE');
    const dupName = await call(owner.token, 'PUT', `/api/gateway/rules/${ids.uae}`, {
      rule_name: 'rule bank',
      filter_type: 'destination_prefix',
      value: { prefixes: ['+971'] },
    });
    expect(code(dupName)).toBe('FILTER_NAME_EXISTS');
    const untransparent = await call(owner.token, 'PUT', `/api/gateway/rules/${ids.all}`, {
      rule_name: 'Rule all',
      filter_type: 'sender',
      value: { sender_ids: ['X'] },
    });
    expect(code(untransparent)).toBe('TRANSPARENT_RULE_IMMUTABLE');
    expect((await call(owner.token, 'GET', '/api/gateway/rules/abc')).statusCode).toBe(400);
  });

  it('§8: transparent status is fixed; an active rule cannot be deleted', async () => {
    expect(code(await post(`/api/gateway/rules/${ids.all}/deactivate`))).toBe('TRANSPARENT_RULE_IMMUTABLE');
    expect(code(await call(owner.token, 'DELETE', `/api/gateway/rules/${ids.source}`))).toBe('DELETE_ACTIVE_RULE');
    expect(json(await post(`/api/gateway/rules/${ids.source}/deactivate`)).data.status).toBe('INACTIVE');
    expect((await call(owner.token, 'DELETE', `/api/gateway/rules/${ids.source}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/gateway/rules/${ids.source}`)).statusCode).toBe(404);
  });

  it('other accounts; a marketer has no gateway access', async () => {
    expect((await call(stranger.token, 'GET', `/api/gateway/rules/${ids.uae}`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'POST', `/api/gateway/rules/${ids.uae}/deactivate`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', `/api/gateway/rules/${ids.uae}`)).statusCode).toBe(404);
    expect(json(await call(stranger.token, 'GET', '/api/gateway/rules')).data.total).toBe(0);
    expect((await call(marketer.token, 'GET', '/api/gateway/rules')).statusCode).toBe(403);
    expect((await call(marketer.token, 'POST', '/api/gateway/rules', { rule_name: 'V', filter_type: 'transparent' })).statusCode).toBe(403);
  });
});

describe('plugins', () => {
  it('CRUD with install/uninstall and the §8-style delete rule', async () => {
    const short = await post('/api/gateway/plugins', { plugin_name: 'Shortener', plugin_type: 'url_shortener', description: 'Our links' });
    expect(short.statusCode, short.body).toBe(201);
    ids.short = json(short).data.id;
    const brand = await post('/api/gateway/plugins', {
      plugin_name: 'Brand sender',
      plugin_type: 'sender_override',
      config: { sender_id: 'Brand' },
    });
    ids.brand = json(brand).data.id;
    expect(code(await post('/api/gateway/plugins', { plugin_name: 'shortener', plugin_type: 'url_shortener' }))).toBe('NAME_EXISTS');
    const bad = await post('/api/gateway/plugins', {
      plugin_name: '42',
      plugin_type: 'sender_override',
      config: { sender_id: 'bad id!' },
      description: '123',
    });
    expect(fields(bad)).toEqual(expect.arrayContaining(['plugin_name', 'config.sender_id', 'description']));
    const js = await post('/api/gateway/plugins', {
      plugin_name: 'Evil',
      plugin_type: 'url_shortener',
      config: { base_url: 'javascript:alert(1)' },
    });
    expect(fields(js)).toContain('config.base_url');
    const upd = await call(owner.token, 'PUT', `/api/gateway/plugins/${ids.brand}`, {
      plugin_name: 'Brand sender',
      plugin_type: 'sender_override',
      config: { sender_id: 'Brand2' },
    });
    expect(json(upd).data.config).toEqual({ sender_id: 'Brand2' });
    const list = json(await call(owner.token, 'GET', '/api/gateway/plugins?plugin_type=url_shortener')).data;
    expect(list.items.map((p: { id: number }) => p.id)).toEqual([ids.short]);
    expect(code(await call(owner.token, 'DELETE', `/api/gateway/plugins/${ids.brand}`))).toBe('DELETE_ACTIVE_PLUGIN');
    expect((await call(stranger.token, 'POST', `/api/gateway/plugins/${ids.brand}/uninstall`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', `/api/gateway/plugins/${ids.brand}`)).statusCode).toBe(404);
    expect(
      (await call(stranger.token, 'PUT', `/api/gateway/plugins/${ids.brand}`, { plugin_name: 'Mine', plugin_type: 'url_shortener' }))
        .statusCode,
    ).toBe(404);
    expect((await call(stranger.token, 'DELETE', `/api/gateway/plugins/${ids.brand}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/gateway/plugins/0')).statusCode).toBe(400);
    expect(json(await post(`/api/gateway/plugins/${ids.brand}/uninstall`)).data.status).toBe('UNINSTALLED');
    expect(json(await post(`/api/gateway/plugins/${ids.brand}/install`)).data.status).toBe('INSTALLED');
  });

  it('a sender override may only set a sender id ACTIVE (approved) for the account', async () => {
    const body = (sender_id: string) => ({ plugin_name: 'Valid brand', plugin_type: 'sender_override', config: { sender_id } });
    // never requested
    const unknown = await post('/api/gateway/plugins', body('ValidBrand'));
    expect(unknown.statusCode).toBe(409);
    expect(json(unknown)).toMatchObject({
      code: 'SENDER_NOT_APPROVED',
      errors: [
        {
          field: 'config.sender_id',
          message: 'Only a sender ID approved for this account can be set here: request it in Sender Management and wait for its approval',
        },
      ],
    });
    // requested, not approved yet; approved for another account only
    const waiting = await smsSender(owner.accountId, 'ValidBrand', 'WAITING_FOR_APPROVAL');
    await smsSender(stranger.accountId, 'OtherBrand', 'ACTIVE');
    expect(code(await post('/api/gateway/plugins', body('ValidBrand')))).toBe('SENDER_NOT_APPROVED');
    expect(code(await post('/api/gateway/plugins', body('OtherBrand')))).toBe('SENDER_NOT_APPROVED');
    // nor by editing an existing override
    const edit = await call(owner.token, 'PUT', `/api/gateway/plugins/${ids.brand}`, body('ValidBrand'));
    expect(code(edit)).toBe('SENDER_NOT_APPROVED');
    expect(json(await call(owner.token, 'GET', `/api/gateway/plugins/${ids.brand}`)).data.config).toEqual({ sender_id: 'Brand2' });
    // approved: accepted, spelled as approved
    await t.sql(`update sms_senders set status = 'ACTIVE' where id = $1`, [waiting]);
    const approved = await post('/api/gateway/plugins', body('validbrand'));
    expect(approved.statusCode, approved.body).toBe(201);
    expect(json(approved).data.config).toEqual({ sender_id: 'ValidBrand' });
    ids.validBrand = json(approved).data.id;
    senderRows.ValidBrand = waiting;
  });
});

describe('routers', () => {
  it('§8: add default router first; one default router, never inactive', async () => {
    const early = await post('/api/gateway/routers', { router_name: 'UAE', router_type: 'static', order: 10, connection_ids: [conn[1]] });
    expect(code(early)).toBe('ADD_DEFAULT_ROUTER_FIRST');
    expect(
      code(
        await post('/api/gateway/routers', {
          router_name: 'Default',
          router_type: 'default',
          order: 100,
          connection_ids: [conn[0]],
          status: 'INACTIVE',
        }),
      ),
    ).toBe('DEACTIVATE_DEFAULT_ROUTER');
    const def = await post('/api/gateway/routers', {
      router_name: 'Default',
      router_type: 'default',
      order: 100,
      rate: 0.05,
      connection_ids: [conn[0]],
    });
    expect(def.statusCode, def.body).toBe(201);
    expect(json(def).data).toMatchObject({ router_type: 'default', status: 'ACTIVE', connection_ids: [conn[0]], rate: '0.05000' });
    ids.def = json(def).data.id;
    expect(
      code(await post('/api/gateway/routers', { router_name: 'Second', router_type: 'default', order: 101, connection_ids: [conn[0]] })),
    ).toBe('DATA_EXISTS');
    expect(code(await post(`/api/gateway/routers/${ids.def}/deactivate`))).toBe('DEACTIVATE_DEFAULT_ROUTER');
  });

  it('validates names, orders, rates, connection counts and references', async () => {
    const base = {
      router_name: 'UAE',
      router_type: 'static',
      order: 10,
      connection_ids: [conn[1]],
      rules_ids: [ids.uae],
      plugins_ids: [ids.brand],
    };
    const bad: [unknown, string][] = [
      [{ ...base, router_name: '###' }, 'router_name'],
      [{ ...base, order: 0 }, 'order'],
      [{ ...base, order: 10000 }, 'order'],
      [{ ...base, rate: -1 }, 'rate'],
      [{ ...base, connection_ids: [conn[1], conn[2]] }, 'connection_ids'],
      [{ ...base, router_type: 'failover' }, 'connection_ids'],
      [{ ...base, router_type: 'round' }, 'router_type'],
      [{ ...base, rules_ids: [ids.uae, ids.uae] }, 'rules_ids'],
    ];
    for (const [body, field] of bad) {
      const res = await post('/api/gateway/routers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    for (const ref of [
      { connection_ids: [strangerConn] },
      { connection_ids: [999999] },
      { rules_ids: [999999] },
      { plugins_ids: [999999] },
    ]) {
      expect((await post('/api/gateway/routers', { ...base, ...ref })).statusCode).toBe(404);
    }
    const ok = await post('/api/gateway/routers', base);
    expect(ok.statusCode, ok.body).toBe(201);
    ids.uaeRouter = json(ok).data.id;
    expect(code(await post('/api/gateway/routers', { ...base, router_name: 'Other' }))).toBe('ROUTER_ORDER_EXISTS');
    expect(code(await post('/api/gateway/routers', { ...base, router_name: 'uae', order: 11 }))).toBe('ROUTER_NAME_EXISTS');
    const fo = await post('/api/gateway/routers', {
      router_name: 'Bank failover',
      router_type: 'failover',
      order: 20,
      connection_ids: [conn[2], conn[1]],
      rules_ids: [ids.bank],
    });
    ids.fo = json(fo).data.id;
    const rr = await post('/api/gateway/routers', {
      router_name: 'Offers',
      router_type: 'random_round_robin',
      order: 30,
      connection_ids: conn,
      rules_ids: [ids.offers],
      plugins_ids: [ids.short],
    });
    expect(rr.statusCode, rr.body).toBe(201);
    ids.rr = json(rr).data.id;
  });

  it('updates; the type cannot change; shape is checked against the stored type', async () => {
    const url = `/api/gateway/routers/${ids.uaeRouter}`;
    expect(json(await call(owner.token, 'PUT', url, { rate: 0.1, router_type: 'static' })).data.rate).toBe('0.10000');
    expect(code(await call(owner.token, 'PUT', url, { router_type: 'failover' }))).toBe('TRANSPARENT_RULE_IMMUTABLE');
    const two = await call(owner.token, 'PUT', url, { connection_ids: [conn[0], conn[1]] });
    expect(two.statusCode).toBe(400);
    expect(fields(two)).toEqual(['connection_ids']);
    expect(code(await call(owner.token, 'PUT', `/api/gateway/routers/${ids.def}`, { rules_ids: [ids.uae] }))).toBe('VALIDATION_ERROR');
    expect(code(await call(owner.token, 'PUT', url, { order: 20 }))).toBe('ROUTER_ORDER_EXISTS');
    expect((await call(owner.token, 'PUT', url, { connection_ids: [strangerConn] })).statusCode).toBe(404);
    expect((await call(stranger.token, 'PUT', url, { rate: 1 })).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(stranger.token, 'POST', `${url}/deactivate`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(owner.token, 'PUT', url, { rate: 'cheap' })).statusCode).toBe(400);
  });

  it('§8: a rule in a router cannot be deactivated; the plugin on it cannot be deleted', async () => {
    expect(code(await post(`/api/gateway/rules/${ids.uae}/deactivate`))).toBe('DEACTIVATE_RULE_IN_ROUTER');
    expect(json(await post(`/api/gateway/plugins/${ids.short}/uninstall`)).data.status).toBe('UNINSTALLED');
    expect(code(await call(owner.token, 'DELETE', `/api/gateway/plugins/${ids.short}`))).toBe('IN_USE');
    await post(`/api/gateway/plugins/${ids.short}/install`);
  });

  it('lists in order and reorders in one transaction', async () => {
    const list = json(await call(owner.token, 'GET', '/api/gateway/routers')).data;
    expect(list.items.map((r: { id: number }) => r.id)).toEqual([ids.uaeRouter, ids.fo, ids.rr, ids.def]);
    const res = await post('/api/gateway/routers/reorder', { ids: [ids.rr, ids.uaeRouter, ids.fo] });
    expect(res.statusCode, res.body).toBe(200);
    const orders = Object.fromEntries(json(res).data.map((r: { id: number; order: number }) => [r.id, r.order]));
    expect(orders).toEqual({ [ids.rr]: 10, [ids.uaeRouter]: 20, [ids.fo]: 30, [ids.def]: 100 });
    expect((await post('/api/gateway/routers/reorder', { ids: [ids.rr, 999999] })).statusCode).toBe(404);
    expect((await call(stranger.token, 'POST', '/api/gateway/routers/reorder', { ids: [ids.rr] })).statusCode).toBe(404);
    expect((await post('/api/gateway/routers/reorder', { ids: [] })).statusCode).toBe(400);
    const search = json(await call(owner.token, 'GET', '/api/gateway/routers?search=bank&router_type=failover')).data;
    expect(search).toMatchObject({ total: 1, items: [{ id: ids.fo }] });
  });

  it('tests a route with chooseRoute over the loaded table', async () => {
    const test = async (body: unknown) => json(await post('/api/gateway/routers/test', body)).data;
    const uae = await test({ destination: '+971501234567', sender: 'Risala', content: 'hi' });
    expect(uae).toMatchObject({
      matched: true,
      router: { id: ids.uaeRouter },
      connections: [{ id: conn[1], connection_name: 'Beta SMSC' }],
    });
    expect(uae.preview.sender).toBe('Brand2');
    const bank = await test({ destination: '+966501234567', sender: 'MyBank', content: 'hi' });
    expect(bank.connections.map((c: { id: number }) => c.id)).toEqual([conn[2], conn[1]]);
    const offer = await test({ destination: '+966501234567', sender: 'Risala', content: 'Best OFFER: https://example.com/x' });
    expect(offer.router.id).toBe(ids.rr);
    expect(offer.connections).toHaveLength(3);
    expect(offer.preview.content).toMatch(/^Best OFFER: http:\/\/localhost:\d+\/s\/…$/);
    expect((await test({ destination: '+966501234567', content: 'plain' })).router.id).toBe(ids.def);
    expect((await post('/api/gateway/routers/test', { destination: '12' })).statusCode).toBe(400);
    const table = await loadRoutingTable(t.ctx.db, owner.accountId);
    expect(table).toMatchObject({ timezone: 'Asia/Riyadh' });
  });

  it('a sender override whose sender id is no longer ACTIVE is never applied, and cannot be installed again', async () => {
    const routeSender = async () =>
      json(await post('/api/gateway/routers/test', { destination: '+971501234567', sender: 'Risala', content: 'hi' })).data;
    expect((await routeSender()).preview.sender).toBe('Brand2');
    // Sender Management switches the id off: the override stops at once
    const off = await call(owner.token, 'PUT', `/api/sender-management/sms/sms-senders/${senderRows.Brand2}`, { status: 'INACTIVE' });
    expect(off.statusCode, off.body).toBe(200);
    const skipped = await routeSender();
    expect(skipped.router.id).toBe(ids.uaeRouter);
    expect(skipped.preview.sender).toBe('Risala');
    expect(skipped.plugins).toEqual([]);
    expect(json(await post(`/api/gateway/plugins/${ids.brand}/uninstall`)).data.status).toBe('UNINSTALLED');
    expect(code(await post(`/api/gateway/plugins/${ids.brand}/install`))).toBe('SENDER_NOT_APPROVED');
    // approved again: it applies again
    await call(owner.token, 'PUT', `/api/sender-management/sms/sms-senders/${senderRows.Brand2}`, { status: 'ACTIVE' });
    expect(json(await post(`/api/gateway/plugins/${ids.brand}/install`)).data.status).toBe('INSTALLED');
    expect((await routeSender()).preview.sender).toBe('Brand2');
  });

  it('the default router stays last: it cannot be moved above another router', async () => {
    const listed = async () => json(await call(owner.token, 'GET', '/api/gateway/routers')).data.items.map((r: { id: number }) => r.id);
    const before = await listed();
    expect(before.at(-1)).toBe(ids.def);
    const up = await post('/api/gateway/routers/reorder', { ids: [ids.uaeRouter, ids.def, ids.fo] });
    expect(up.statusCode).toBe(409);
    expect(json(up).code).toBe('DEFAULT_ROUTER_LAST');
    expect(code(await post('/api/gateway/routers/reorder', { ids: [ids.def, ids.rr] }))).toBe('DEFAULT_ROUTER_LAST');
    expect(await listed()).toEqual(before);
    // a router numbered after the default one is still listed (and routed) before it
    const late = await post('/api/gateway/routers', { router_name: 'Late', router_type: 'static', order: 500, connection_ids: [conn[2]] });
    expect(late.statusCode, late.body).toBe(201);
    expect((await listed()).slice(-2)).toEqual([json(late).data.id, ids.def]);
    const desc = json(await call(owner.token, 'GET', '/api/gateway/routers?sort=order&order=desc')).data.items;
    expect(desc[0].id).toBe(ids.def);
    expect((await call(owner.token, 'DELETE', `/api/gateway/routers/${json(late).data.id}`)).statusCode).toBe(200);
  });

  it('deactivation and deletion rules for routers', async () => {
    expect(code(await call(owner.token, 'DELETE', `/api/gateway/routers/${ids.def}`))).toBe('IN_USE');
    expect(json(await post(`/api/gateway/routers/${ids.rr}/deactivate`)).data.status).toBe('INACTIVE');
    expect(json(await post(`/api/gateway/routers/${ids.rr}/activate`)).data.status).toBe('ACTIVE');
    for (const id of [ids.uaeRouter, ids.fo, ids.rr])
      expect((await call(owner.token, 'DELETE', `/api/gateway/routers/${id}`)).statusCode).toBe(200);
    // the rule is free again
    expect(json(await post(`/api/gateway/rules/${ids.uae}/deactivate`)).data.status).toBe('INACTIVE');
    expect((await call(owner.token, 'DELETE', `/api/gateway/routers/${ids.def}`)).statusCode).toBe(200);
    expect(json(await post('/api/gateway/routers/test', { destination: '+966501234567' })).data).toMatchObject({
      matched: false,
      router: null,
    });
  });
});

describe('short links', () => {
  it('redirects http(s) links and counts clicks; unknown codes are 404', async () => {
    const { shortenUrl } = await import('./short-links.ts');
    const link = await shortenUrl(t.ctx.db, owner.accountId, 'https://example.com/a?b=1', 'http://localhost/s/');
    expect(await shortenUrl(t.ctx.db, owner.accountId, 'https://example.com/a?b=1', 'http://localhost/s')).toBe(link);
    const codeOf = link.split('/').pop() as string;
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/s/${codeOf}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.com/a?b=1');
    }
    const [row] = await t.sql<{ clicks: number }>('select clicks from short_links where code = $1', [codeOf]);
    expect(row?.clicks).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/s/nope123' })).statusCode).toBe(404);
    // the pipeline's shortener through applyPlugins: our own links stay as they are
    const shortener = { id: 1, plugin_type: 'url_shortener' as const, config: {}, status: 'INSTALLED' };
    const out = await applyPlugins(
      { destination: '+966501234567', content: `Pay at https://pay.example.com/i/42. Old: ${t.ctx.config.publicUrl}/s/${codeOf}` },
      [shortener],
      urlShortenerFor(t.ctx, owner.accountId),
    );
    const made = /\/s\/([A-Za-z0-9]+)\./.exec(out.content)?.[1] as string;
    expect(out.content).toBe(`Pay at ${t.ctx.config.publicUrl}/s/${made}. Old: ${t.ctx.config.publicUrl}/s/${codeOf}`);
    expect((await t.app.inject({ method: 'GET', url: `/s/${made}` })).headers.location).toBe('https://pay.example.com/i/42');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.org', 'not a url']) {
      await expect(shortenUrl(t.ctx.db, owner.accountId, bad, 'http://localhost/s/')).rejects.toMatchObject({
        code: 'URL_SHORTENING_FAILED',
      });
    }
  });
});

describe('routing table and seed', () => {
  it('loads one account’s table, caches it briefly and drops it on writes', async () => {
    const first = loadRoutingTable(t.ctx.db, owner.accountId);
    expect(loadRoutingTable(t.ctx.db, owner.accountId)).toBe(first);
    const before = (await first).rules.length;
    await post('/api/gateway/rules', { rule_name: 'Cache check', filter_type: 'transparent' });
    const after = await loadRoutingTable(t.ctx.db, owner.accountId);
    expect(after.rules.length).toBe(before + 1);
    expect(after.rules.every((r) => typeof r.filter_type === 'string')).toBe(true);
    expect((await loadRoutingTable(t.ctx.db, stranger.accountId)).rules).toEqual([]);
  });

  it('a new account gets an ACTIVE default router on its sandbox connection', async () => {
    const { seedSandboxGateway } = await import('../connections/sandbox-seed.ts');
    const seeded = () =>
      t.sql<{ id: number; connection_ids: number[]; status: string }>(
        `select id, connection_ids, status from routers where account_id = $1 and router_type = 'default'`,
        [stranger.accountId],
      );
    if ((await seeded()).length === 0) await t.ctx.db.transaction((tx) => seedSandboxGateway(tx, stranger.accountId));
    const [router] = await seeded();
    expect(router?.status).toBe('ACTIVE');
    const [sandbox] = await t.sql<{ is_sandbox: boolean }>('select is_sandbox from connections where id = $1', [router?.connection_ids[0]]);
    expect(sandbox?.is_sandbox).toBe(true);
    // so a static router can be added at once
    const res = await call(stranger.token, 'POST', '/api/gateway/routers', {
      router_name: 'Own',
      router_type: 'static',
      order: 5,
      connection_ids: [strangerConn],
    });
    expect(res.statusCode, res.body).toBe(201);
    const test = json(await call(stranger.token, 'POST', '/api/gateway/routers/test', { destination: '+966501234567' })).data;
    expect(test.router.id).toBe(json(res).data.id);
  });
});
