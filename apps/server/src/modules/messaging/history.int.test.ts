import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_CELLS, SEPARATED_FORMULA_CELLS } from '../../test/formula-cells.ts';
import { bearer, type Cast, createTestApp, json, type TestApp, signUpCast } from '../../test/helper.ts';

let t: TestApp;
let cast: Cast;
const ids: Record<string, number> = {};

const get = (url: string, token = cast.owner.token, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

interface Row {
  key: string;
  status: string;
  channel?: string;
  recipient: string;
  sender?: string;
  body?: string;
  bulk?: string;
  minutesAgo: number;
  error_code?: string | null;
  error_message?: string | null;
  blocked_by?: string | null;
  campaign_id?: number | null;
  sent?: boolean;
}

async function insert(accountId: number, r: Row) {
  const [row] = await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, recipient, sender, body, parts, credits,
                           cost, error_code, error_message, blocked_by, possible_duplicate, created_at, updated_at, sent_at)
     values ($1, $2, $3, 'done', $4, $5, $6, $7, $8, 2, 2, 0.05, $9, $10, $11, $12,
             now() - make_interval(mins => $13), now(), case when $14 then now() - make_interval(mins => $13) end)
     returning id`,
    [
      accountId,
      r.channel ?? 'sms',
      r.status,
      r.bulk ?? 'bulk-a',
      r.campaign_id ?? null,
      r.recipient,
      r.sender ?? 'Risala',
      r.body ?? 'Hello',
      r.error_code ?? null,
      r.error_message ?? null,
      r.blocked_by ?? null,
      r.key === 'dup',
      r.minutesAgo,
      r.sent ?? false,
    ],
  );
  ids[r.key] = Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
  const a = cast.owner.accountId;
  const rows: Row[] = [
    { key: 'queued', status: 'QUEUED', recipient: '+966500000001', minutesAgo: 1 },
    { key: 'delivered', status: 'DELIVERED', recipient: '+966500000002', minutesAgo: 2, sent: true, body: 'Your code is 1234' },
    { key: 'read', status: 'READ', channel: 'whatsapp', recipient: '+966500000003', minutesAgo: 3, sent: true, bulk: 'bulk-b' },
    { key: 'failed', status: 'FAILED', recipient: '+966500000004', minutesAgo: 4, error_code: 'ESME_RINVDSTADR', error_message: 'raw' },
    {
      key: 'blocked',
      status: 'BLOCKED',
      recipient: '+966500000005',
      minutesAgo: 5,
      blocked_by: 'Do not disturb',
      error_code: 'BLACKLISTED',
    },
    { key: 'pending', status: 'PENDING', recipient: '+966500000006', minutesAgo: 6, campaign_id: 7 },
    { key: 'scheduled', status: 'SCHEDULED', recipient: '+966500000007', minutesAgo: 7 },
    { key: 'rejected', status: 'NOT_ALLOWED', recipient: '+966500000008', minutesAgo: 8, error_code: 'INSUFFICIENT_CREDITS' },
    { key: 'dup', status: 'SENT', recipient: '+966500000009', minutesAgo: 9, sent: true, sender: 'Promo', body: 'a "quoted", text\nline' },
    { key: 'email', status: 'DELIVERED', channel: 'email', recipient: 'layla@example.com', minutesAgo: 60 * 24 * 40, sent: true },
  ];
  for (const r of rows) await insert(a, r);
  await insert(cast.stranger.accountId, { key: 'foreign', status: 'DELIVERED', recipient: '+966500000001', minutesAgo: 1 });
  await t.sql(
    `insert into message_events (message_id, account_id, event, detail, at) values
       ($1, $2, 'PENDING', null, now() - interval '3 minutes'),
       ($1, $2, 'QUEUED', 'sandbox', now() - interval '150 seconds'),
       ($1, $2, 'DELIVERED', 'DELIVRD', now() - interval '1 minute')`,
    [ids.delivered, a],
  );
  await t.sql(
    `insert into inbound_messages (account_id, channel, from_address, to_address, body, action, received_at) values
       ($1, 'sms', '+966500000001', 'Risala', 'STOP', 'stop', now() - interval '2 minutes'),
       ($1, 'whatsapp', '+966500000002', '15550001', 'Hi there', 'auto_reply', now() - interval '1 minute'),
       ($2, 'sms', '+966500000001', 'Risala', 'not yours', null, now())`,
    [a, cast.stranger.accountId],
  );
  await t.sql(
    `insert into credits (account_id, channel, balance, consumed) values ($1, 'sms', 980, 20), ($1, 'whatsapp', 999, 1)
       on conflict (account_id, channel) do update set balance = excluded.balance, consumed = excluded.consumed`,
    [a],
  );
  await t.sql(`delete from credits where account_id = $1 and channel = 'email'`, [a]);
});
afterAll(async () => {
  await t.close();
});

const keysOf = (items: { id: number }[]) => items.map((m) => Object.entries(ids).find(([, id]) => id === m.id)?.[0]);

describe('GET /api/messages', () => {
  it('lists the account newest first with a page and an exact total', async () => {
    const res = await get('/api/messages?limit=3');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ page: 1, limit: 3, total: 10, total_estimated: false });
    expect(keysOf(data.items)).toEqual(['queued', 'delivered', 'read']);
    const page4 = json(await get('/api/messages?limit=3&page=4')).data;
    expect(keysOf(page4.items)).toEqual(['email']);
  });

  it.each([
    ['sent', ['dup']],
    ['rejected', ['rejected']],
    ['failed', ['failed']],
    ['blocked', ['blocked']],
    ['pending', ['pending', 'scheduled']],
    ['queued', ['queued']],
    ['delivered', ['delivered', 'read', 'email']],
  ])('view %s maps to its states', async (view, expected) => {
    const data = json(await get(`/api/messages?view=${view}`)).data;
    expect(keysOf(data.items)).toEqual(expected);
    expect(data.total).toBe(expected.length);
  });

  it("names each message's customer and campaign, never another account's", async () => {
    const post = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const mine = json(
      await post(cast.owner.token, '/api/customer', { first_name: 'Layla', last_name: 'Hassan', mobile_number: '+966500000002' }),
    ).data.id;
    const theirs = json(
      await post(cast.stranger.token, '/api/customer', { first_name: 'Not', last_name: 'Yours', mobile_number: '+966500000003' }),
    ).data.id;
    const campaign = json(await post(cast.owner.token, '/api/campaigns', { name: 'Weekend offer' })).data.id;
    const foreignCampaign = json(await post(cast.stranger.token, '/api/campaigns', { name: 'Their campaign' })).data.id;
    await t.sql('update messages set customer_id = $1, campaign_id = $2 where id = $3', [mine, campaign, ids.delivered]);
    await t.sql('update messages set customer_id = $1, campaign_id = $2 where id = $3', [theirs, foreignCampaign, ids.read]);
    try {
      const items = json(await get('/api/messages?limit=3')).data.items;
      expect(items.map((m: { customer_name: string | null; campaign_name: string | null }) => [m.customer_name, m.campaign_name])).toEqual([
        [null, null],
        ['Layla Hassan', 'Weekend offer'],
        [null, null],
      ]);
    } finally {
      await t.sql('update messages set customer_id = null, campaign_id = null where id = any($1)', [[ids.delivered, ids.read]]);
    }
  });

  it('filters by channel, status, bulk, campaign and date range', async () => {
    const ch = json(await get('/api/messages?channel=whatsapp')).data;
    expect(keysOf(ch.items)).toEqual(['read']);
    expect(keysOf(json(await get('/api/messages?status=FAILED')).data.items)).toEqual(['failed']);
    expect(keysOf(json(await get('/api/messages?bulk_id=bulk-b')).data.items)).toEqual(['read']);
    expect(keysOf(json(await get('/api/messages?campaign_id=7')).data.items)).toEqual(['pending']);
    const from = new Date(Date.now() - 24 * 3600_000).toISOString();
    const recent = json(await get(`/api/messages?from=${encodeURIComponent(from)}`)).data;
    expect(recent.total).toBe(9);
    const to = encodeURIComponent(new Date(Date.now() - 5.5 * 60_000).toISOString());
    expect(keysOf(json(await get(`/api/messages?from=${encodeURIComponent(from)}&to=${to}`)).data.items)).toEqual([
      'pending',
      'scheduled',
      'rejected',
      'dup',
    ]);
  });

  it('searches recipient, sender and body (LIKE wildcards are literal)', async () => {
    expect(keysOf(json(await get('/api/messages?search=500000004')).data.items)).toEqual(['failed']);
    // a number as people type it: trunk zero, spaces, brackets, 00 instead of +
    for (const typed of ['050 000 0004', '(050) 000-0004', '00966500000004']) {
      expect(keysOf(json(await get(`/api/messages?search=${encodeURIComponent(typed)}`)).data.items), typed).toEqual(['failed']);
    }
    expect(keysOf(json(await get('/api/messages?search=promo')).data.items)).toEqual(['dup']);
    expect(keysOf(json(await get('/api/messages?search=code%20is')).data.items)).toEqual(['delivered']);
    expect(json(await get('/api/messages?search=%25')).data.total).toBe(0);
  });

  it('sorts by recipient and status', async () => {
    const asc = json(await get('/api/messages?sort=recipient&order=asc&limit=2')).data;
    expect(keysOf(asc.items)).toEqual(['queued', 'delivered']);
    const desc = json(await get('/api/messages?sort=recipient&order=desc&limit=1')).data;
    expect(keysOf(desc.items)).toEqual(['email']);
    const status = json(await get('/api/messages?sort=status&order=asc&limit=1')).data;
    expect(status.items[0].status).toBe('BLOCKED');
  });

  it('shows readable reasons in the caller language', async () => {
    const en = json(await get('/api/messages?view=failed')).data.items[0];
    expect(en.error_message).toMatch(/^ESME_RINVDSTADR \(0x0B\): /);
    const ar = json(await get('/api/messages?view=failed', cast.owner.token, { 'accept-language': 'ar' })).data.items[0];
    expect(ar.error_message).toMatch(/^ESME_RINVDSTADR \(0x0B\): /);
    expect(ar.error_message).not.toBe(en.error_message);
    const rejected = json(await get('/api/messages?view=rejected')).data.items[0];
    expect(rejected.error_message).toMatch(/credit|SMS/i);
    const blocked = json(await get('/api/messages?view=blocked')).data.items[0];
    expect(blocked.blocked_by).toBe('Do not disturb');
  });

  it('refuses bad queries with 400 and field errors', async () => {
    for (const q of ['view=nope', 'status=LOST', 'sort=body', 'limit=1000', 'from=yesterday', 'channel=fax', 'page=0']) {
      const res = await get(`/api/messages?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).errors.length, q).toBeGreaterThan(0);
    }
    const range = await get(`/api/messages?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expect(range.statusCode).toBe(400);
  });

  it('lets a viewer read and keeps other accounts out', async () => {
    expect(json(await get('/api/messages', cast.viewer.token)).data.total).toBe(10);
    const other = json(await get('/api/messages', cast.stranger.token)).data;
    expect(keysOf(other.items)).toEqual(['foreign']);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
  });
});

describe('GET /api/messages/:id', () => {
  it('returns the message with its timeline in order', async () => {
    const res = await get(`/api/messages/${ids.delivered}`, cast.viewer.token);
    expect(res.statusCode).toBe(200);
    const m = json(res).data;
    expect(m).toMatchObject({ id: ids.delivered, status: 'DELIVERED', recipient: '+966500000002', parts: 2, cost: '0.05000' });
    // stored events plus SENT read from sent_at (the pipeline stores no event for a plain send)
    expect(m.events.map((e: { event: string }) => e.event)).toEqual(['PENDING', 'QUEUED', 'SENT', 'DELIVERED']);
    expect(m.events[1].detail).toBe('sandbox');
    expect(m.events[2]).toMatchObject({ detail: null, at: m.sent_at });
    const dup = json(await get(`/api/messages/${ids.dup}`)).data;
    expect(dup).toMatchObject({ possible_duplicate: true, events: [{ event: 'SENT', at: dup.sent_at }] });
  });

  it('says when a queued message waits behind a stopped connection', async () => {
    const [conn] = await t.sql(`select id from connections where account_id = $1 and type = 'smpp' order by id limit 1`, [
      cast.owner.accountId,
    ]);
    await t.sql('update messages set connection_id = $2 where id = $1', [ids.queued, conn.id]);
    await t.sql(`update connections set desired_state = 'stopped' where id = $1`, [conn.id]);
    const stopped = json(await get(`/api/messages/${ids.queued}`)).data;
    expect(stopped).toMatchObject({ connection_id: conn.id, connection_name: 'Sandbox SMSC', connection_stopped: true });
    const listed = json(await get('/api/messages?status=QUEUED')).data.items;
    expect(listed).toMatchObject([{ id: ids.queued, connection_stopped: true }]);
    await t.sql(`update connections set desired_state = 'started' where id = $1`, [conn.id]);
    expect(json(await get(`/api/messages/${ids.queued}`)).data.connection_stopped).toBe(false);
    // no connection (email, WhatsApp, not routed yet): false, never null
    expect(json(await get(`/api/messages/${ids.email}`)).data.connection_stopped).toBe(false);
  });

  it("answers 404 for another account's message and 400 for a bad id", async () => {
    expect((await get(`/api/messages/${ids.foreign}`)).statusCode).toBe(404);
    expect((await get(`/api/messages/${ids.delivered}`, cast.stranger.token)).statusCode).toBe(404);
    expect((await get('/api/messages/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/messages/export.csv', () => {
  it('streams the filtered rows as CSV with a BOM, one row per recipient', async () => {
    const res = await get('/api/messages/export.csv?channel=sms');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.body.replace(/^\ufeff/, '');
    expect(text.split('\r\n')[0]).toMatch(/^id,created_at,channel,status,recipient,sender/);
    expect(text).toContain('"a ""quoted"", text\nline"');
    expect(text).toContain('ESME_RINVDSTADR (0x0B): ');
    // 8 SMS rows + header + trailing newline
    expect(text.split('\r\n').length).toBe(10);
    expect(text).not.toContain('layla@example.com');
    // times in the account's zone (Asia/Riyadh) with its offset: the file says which zone it is
    const created = text.split('\r\n')[1]?.split(',')[1] ?? '';
    expect(created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
  });

  it('applies views and refuses a bad filter', async () => {
    const res = await get('/api/messages/export.csv?view=delivered', cast.viewer.token);
    expect(res.body.split('\r\n').length).toBe(5);
    expect((await get('/api/messages/export.csv?view=bogus')).statusCode).toBe(400);
    const other = await get('/api/messages/export.csv', cast.stranger.token);
    expect(other.body).toContain('+966500000001');
    expect(other.body).not.toContain('+966500000002');
  });

  it('writes a cell a spreadsheet would run with a leading quote; whole numbers stay as they are', async () => {
    const a = cast.stranger.accountId;
    for (const [i, body] of FORMULA_CELLS.entries()) {
      await insert(a, {
        key: `formula${i}`,
        status: 'FAILED',
        recipient: '+966500000001',
        minutesAgo: 30,
        bulk: 'formulas',
        body,
        sender: '+966501234567',
        error_message: "-1+1+cmd|' /C calc'!A0",
      });
    }
    const res = await get('/api/messages/export.csv?bulk_id=formulas', cast.stranger.token);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.body).sort()).toEqual(FORMULA_CELLS.map((v) => `'${v}`).sort());
    for (const r of rows) {
      expect(r).toMatchObject({ recipient: '+966500000001', sender: '+966501234567', error_message: "'-1+1+cmd|' /C calc'!A0" });
    }
  });

  it('quotes a cell with a ; or a tab and neutralises a formula after any separator', async () => {
    const a = cast.stranger.accountId;
    for (const [i, [body]] of SEPARATED_FORMULA_CELLS.entries()) {
      await insert(a, { key: `separated${i}`, status: 'FAILED', recipient: '+966500000001', minutesAgo: 30, bulk: 'separated', body });
    }
    const res = await get('/api/messages/export.csv?bulk_id=separated', cast.stranger.token);
    expect(res.body).toContain(`"x;'=1+1+cmd|' /C calc'!A0"`);
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.body).sort()).toEqual(SEPARATED_FORMULA_CELLS.map(([, out]) => out).sort());
  });
});

describe('GET /api/messages/inbound', () => {
  it('lists inbound messages newest first, paged and scoped to the account', async () => {
    const data = json(await get('/api/messages/inbound?limit=1')).data;
    expect(data).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(data.items[0]).toMatchObject({ channel: 'whatsapp', from_address: '+966500000002', body: 'Hi there', action: 'auto_reply' });
    const sms = json(await get('/api/messages/inbound?channel=sms', cast.viewer.token)).data;
    expect(sms.items.map((m: { body: string }) => m.body)).toEqual(['STOP']);
    expect(json(await get('/api/messages/inbound?search=there')).data.total).toBe(1);
    expect(json(await get('/api/messages/inbound?search=0500000002')).data.items[0]?.body).toBe('Hi there');
    expect((await get('/api/messages/inbound?channel=email')).statusCode).toBe(400);
  });
});

describe('GET /api/credits', () => {
  it('returns every channel, zero where the account has no credits row', async () => {
    const res = await get('/api/credits', cast.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([
      { channel: 'sms', balance: 980, consumed: 20, low_threshold: 100, low_threshold_is_default: true },
      { channel: 'email', balance: 0, consumed: 0, low_threshold: 1000, low_threshold_is_default: true },
      { channel: 'whatsapp', balance: 999, consumed: 1, low_threshold: 100, low_threshold_is_default: true },
    ]);
  });
});

describe('messages.account_id integrity (no declared foreign key: a statement trigger on accounts)', () => {
  it("deletes an account's messages, events, queue rows and part keys with the account", async () => {
    const [acc] = await t.sql(`insert into accounts (name) values ('Closing Co') returning id`);
    const gone = (acc as { id: number }).id;
    const rows = await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, connection_id)
       select $1, 'sms', 'QUEUED', 'connection', 'gone-bulk', '+96655000' || lpad(g::text, 4, '0'), 1 from generate_series(1, 3) g
       returning id, created_at`,
      [gone],
    );
    for (const r of rows) {
      await t.sql(`insert into message_events (message_id, account_id, event) values ($1, $2, 'FAILOVER')`, [r.id, gone]);
      await t.sql('insert into sms_queue (connection_id, message_id, message_created_at) values (1, $1, $2)', [r.id, r.created_at]);
      await t.sql(
        `insert into sms_part_keys (connection_id, key, message_id, message_created_at, part, account_id) values (1, $1, $2, $3, 1, $4)`,
        [`gone-${r.id}`, r.id, r.created_at, gone],
      );
    }
    const kept = await t.sql('select count(*)::int as n from messages where account_id = $1', [cast.owner.accountId]);
    await t.sql('delete from accounts where id = $1', [gone]);
    const ids = rows.map((r) => r.id);
    expect(await t.sql('select count(*)::int as n from messages where account_id = $1', [gone])).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*)::int as n from message_events where message_id = any($1::bigint[])', [ids])).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*)::int as n from sms_queue where message_id = any($1::bigint[])', [ids])).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*)::int as n from sms_part_keys where account_id = $1', [gone])).toEqual([{ n: 0 }]);
    expect(await t.sql('select count(*)::int as n from messages where account_id = $1', [cast.owner.accountId])).toEqual(kept);
  });
});
