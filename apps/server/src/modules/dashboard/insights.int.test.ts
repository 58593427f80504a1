/**
 * The §7 Dashboard paths over real rollups: figures for the filters, the account's scope (another
 * account's user, brand or campaign is not found), validation, paging and sorting, the live
 * events as a page and as Server-Sent Events resumed with Last-Event-ID, and the OpenAPI entries.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, json, signUpCast, type TestApp } from '../../test/helper.ts';
import { foldOnce } from '../analytics/index.ts';

let t: TestApp;
let cast: Cast;
let brandId: number;
let spring: number;
let autumn: number;
const get = async (url: string, token = cast.owner.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
  const a = cast.owner.accountId;
  const [b] = await t.sql<{ id: number }>(`insert into brands (account_id, name) values ($1, 'Acme') returning id`, [a]);
  brandId = b?.id as number;
  const campaign = async (name: string, channels: string, brand: number | null) =>
    (
      await t.sql<{ id: number }>(
        `insert into campaigns (account_id, name, brand_id, channels, status, launched_at) values ($1, $2, $3, $4, 'COMPLETED', now() - interval '1 day') returning id`,
        [a, name, brand, channels],
      )
    )[0]?.id as number;
  spring = await campaign('Spring', '{whatsapp,sms}', brandId);
  autumn = await campaign('Autumn', '{sms}', null);
  // Spring: 40 WhatsApp (30 delivered, 10 of them read), 20 SMS fallback (15 delivered, 5 failed UNDELIV)
  await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, recipient, sender, credits, cost, sent_at, delivered_at, read_at, error_code, created_at)
     select $1, 'whatsapp', case when g <= 30 then 'DELIVERED' else 'SENT' end, 'done', 's', $2, '+9665' || lpad(g::text, 8, '0'), '+966500000000', 1, 0.1,
            now(), case when g <= 30 then now() end, case when g <= 10 then now() end, null, now() - interval '1 hour'
       from generate_series(1, 40) g`,
    [a, spring],
  );
  await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, recipient, sender, credits, cost, sent_at, delivered_at, error_code, created_at)
     select $1, 'sms', case when g <= 15 then 'DELIVERED' else 'FAILED' end, 'done', 's', $2, '+9715' || lpad(g::text, 8, '0'), 'ACME', 1, 0.05,
            now(), case when g <= 15 then now() end, case when g > 15 then 'UNDELIV' end, now() - interval '1 hour'
       from generate_series(1, 20) g`,
    [a, spring],
  );
  // Autumn: 10 SMS, all delivered, 40 days ago (outside 30 days, inside 90)
  await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, recipient, sender, credits, sent_at, delivered_at, created_at)
     select $1, 'sms', 'DELIVERED', 'done', 'a', $2, '+9665' || lpad((100 + g)::text, 8, '0'), 'ACME', 1, now(), now(), now() - interval '40 days'
       from generate_series(1, 10) g`,
    [a, autumn],
  );
  // the stranger's traffic never shows here
  await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, recipient, credits, created_at) select $1, 'sms', 'DELIVERED', 'done', 'z', '+966500000009', 1, now() from generate_series(1, 9)`,
    [cast.stranger.accountId],
  );
  await t.sql(`insert into customers (account_id, first_name, brand_id) select $1, 'C' || g, $2 from generate_series(1, 7) g`, [
    a,
    brandId,
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard/analytics/{id}', () => {
  it('sums the period from the rollups, with the previous period, funnel, campaigns, failures and destinations', async () => {
    await foldOnce(t.ctx); // half folded, half still deltas: the answer must not care
    await t.sql(
      `update messages set clicked_at = now() where account_id = $1 and channel = 'whatsapp' and read_at is not null and id % 2 = 0`,
      [cast.owner.accountId],
    );
    const res = await get(`/api/dashboard/analytics/${cast.owner.userId}?preset=30d`);
    expect(res.statusCode, res.body).toBe(200);
    const d = json(res).data;
    expect(d.range).toMatchObject({ timezone: 'Asia/Riyadh', bucket: 'day' });
    expect(d.current).toMatchObject({
      messages: 60,
      sent: 60,
      delivered: 45,
      opened: 10,
      clicked: 5,
      failed: 5,
      credits: 60,
      cost: '5.00000',
    });
    expect(d.previous.messages).toBe(10); // Autumn, 40 days ago, is in the 30 days before
    expect(d.series).toHaveLength(30);
    expect(d.series.reduce((s: number, p: { sms: number; whatsapp: number }) => s + p.sms + p.whatsapp, 0)).toBe(60);
    expect(d.funnel).toEqual([
      { channel: 'sms', queued: 20, sent: 20, delivered: 15, opened: 0, clicked: 0 },
      { channel: 'whatsapp', queued: 40, sent: 40, delivered: 30, opened: 10, clicked: 5 },
    ]);
    expect(d.top_delivered).toEqual([expect.objectContaining({ campaign_id: spring, name: 'Spring', delivered: 45 })]);
    expect(d.failures).toEqual([{ code: 'UNDELIV', status: 'FAILED', reason: 'The operator could not deliver it', count: 5 }]);
    expect(d.fallback).toEqual({
      campaigns: 1,
      primary_delivered: 30,
      fallback_delivered: 15,
      by_channel: [{ channel: 'sms', delivered: 15 }],
    });
    expect(d.destinations).toEqual(
      expect.arrayContaining([
        { prefix: '+966 50', country: 'SA', sent: 40, delivered: 30, failed: 0 },
        { prefix: '+971 50', country: 'AE', sent: 20, delivered: 15, failed: 5 },
      ]),
    );
    expect(d.heatmap.reduce((s: number, c: { engaged: number }) => s + c.engaged, 0)).toBe(10);
  });

  it('says how long each channel’s credits last at its own pace, and which runs out first', async () => {
    // an SMS credit and a WhatsApp credit are different units: 30 days used 40 WhatsApp and 20 SMS
    await t.sql(
      `insert into credits (account_id, channel, balance) values ($1, 'sms', 1001), ($1, 'whatsapp', 101), ($1, 'email', 500)
       on conflict (account_id, channel) do update set balance = excluded.balance`,
      [cast.owner.accountId],
    );
    const res = await get(`/api/dashboard/analytics/${cast.owner.userId}?preset=7d&channel=sms`);
    expect(res.statusCode, res.body).toBe(200);
    const credits = json(res).data.credits;
    expect(credits.by_channel).toEqual([
      { channel: 'email', balance: 500, burn_per_day: 0, days_left: null },
      { channel: 'sms', balance: 1001, burn_per_day: 0.67, days_left: 1501 },
      { channel: 'whatsapp', balance: 101, burn_per_day: 1.33, days_left: 75 },
    ]);
    // the filters do not narrow it; the account's outlook is the first channel to run out
    expect(credits).toMatchObject({ balance: 1602, burn_per_day: 2, days_left: 75, first_out: 'whatsapp' });
  });

  it('filters by channel, brand and campaign; reads in Arabic; answers week buckets for 90 days', async () => {
    const sms = json(await get(`/api/dashboard/analytics/${cast.owner.userId}?preset=90d&channel=sms`)).data;
    expect(sms.range.bucket).toBe('week');
    expect(sms.current).toMatchObject({ messages: 30, delivered: 25, failed: 5 });
    const brand = json(await get(`/api/dashboard/analytics/${cast.owner.userId}?preset=90d&brand_id=${brandId}`)).data;
    expect(brand.current.messages).toBe(60); // Autumn has no brand
    const one = json(await get(`/api/dashboard/analytics/${cast.owner.userId}?preset=90d&campaign_id=${autumn}`)).data;
    expect(one.current).toMatchObject({ messages: 10, delivered: 10 });
    const ar = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/analytics/${cast.owner.userId}?preset=30d`,
      headers: { ...bearer(cast.owner.token), 'accept-language': 'ar' },
    });
    expect(json(ar).data.failures[0].reason).toBe('تعذّر على المشغّل تسليمها');
    // a colleague of the same account sees the same; a custom range of one day answers hours
    const day = json(await get(`/api/dashboard/analytics/${cast.viewer.userId}?from=2026-01-01&to=2026-01-01`, cast.viewer.token)).data;
    expect(day.range).toMatchObject({ from: '2026-01-01', to: '2026-01-01', prev_from: '2025-12-31', bucket: 'hour' });
    expect(day.series).toHaveLength(24);
  });

  it('keeps to the caller’s account and refuses bad input with field errors', async () => {
    expect((await get(`/api/dashboard/analytics/${cast.stranger.userId}`)).statusCode).toBe(404);
    const [theirBrand] = await t.sql<{ id: number }>(`insert into brands (account_id, name) values ($1, 'Theirs') returning id`, [
      cast.stranger.accountId,
    ]);
    expect((await get(`/api/dashboard/analytics/${cast.owner.userId}?brand_id=${theirBrand?.id}`)).statusCode).toBe(404);
    expect((await get(`/api/dashboard/analytics/${cast.owner.userId}?campaign_id=${spring}`, cast.stranger.token)).statusCode).toBe(404);
    const stranger = json(await get(`/api/dashboard/analytics/${cast.stranger.userId}`, cast.stranger.token)).data;
    expect(stranger.current.messages).toBe(9);
    const inverted = await get(`/api/dashboard/analytics/${cast.owner.userId}?from=2026-03-02&to=2026-03-01`);
    expect(inverted.statusCode).toBe(400);
    expect(json(inverted).errors).toEqual([{ field: 'to', message: 'The last day is before the first' }]);
    expect(json(await get(`/api/dashboard/analytics/${cast.owner.userId}?from=2024-01-01&to=2026-01-01`)).errors[0].field).toBe('from');
    expect(json(await get(`/api/dashboard/analytics/${cast.owner.userId}?from=2026-02-30`)).errors[0].message).toBe(
      'Enter a date as YYYY-MM-DD',
    );
    expect((await get(`/api/dashboard/analytics/${cast.owner.userId}?channel=fax`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/analytics/${cast.owner.userId}` })).statusCode).toBe(401);
  });
});

describe('the other §7 dashboard paths', () => {
  it('campaign-metrics pages and sorts every launched campaign; campaigns/{id} is one of them', async () => {
    await t.sql(`insert into campaigns (account_id, name, channels, status) values ($1, 'Draft', '{sms}', 'DRAFT')`, [
      cast.owner.accountId,
    ]);
    const page = json(await get('/api/dashboard/campaign-metrics?sort=delivered&order=asc&limit=1')).data;
    expect(page).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(page.items[0]).toMatchObject({ campaign_id: autumn, delivered: 10, delivery_rate: 1 });
    const second = json(await get('/api/dashboard/campaign-metrics?sort=delivered&order=asc&limit=1&page=2')).data;
    expect(second.items[0]).toMatchObject({ campaign_id: spring, messages: 60, delivered: 45, failed: 5, delivery_rate: 0.75 });
    expect(json(await get(`/api/dashboard/campaign-metrics?brand_id=${brandId}`)).data.items.map((c: { name: string }) => c.name)).toEqual([
      'Spring',
    ]);
    const one = json(await get(`/api/dashboard/campaigns/${spring}`)).data;
    expect(one.campaign).toMatchObject({ name: 'Spring', messages: 60, opened: 10 });
    expect(one.by_channel.map((c: { channel: string; delivered: number }) => [c.channel, c.delivered]).sort()).toEqual([
      ['sms', 15],
      ['whatsapp', 30],
    ]);
    expect(one.failures).toEqual([expect.objectContaining({ code: 'UNDELIV', count: 5 })]);
    expect((await get(`/api/dashboard/campaigns/${spring}`, cast.stranger.token)).statusCode).toBe(404);
  });

  it('customers/{id} counts the audience and channel-metrics splits by sender', async () => {
    const aud = json(await get(`/api/dashboard/customers/${cast.owner.userId}?preset=7d&brand_id=${brandId}`)).data;
    expect(aud.current).toEqual({ added: 7, withdrawn: 0, stop_replies: 0 });
    expect((await get(`/api/dashboard/customers/${cast.stranger.userId}`)).statusCode).toBe(404);
    const ch = json(await get('/api/dashboard/channel-metrics?preset=30d')).data;
    expect(ch.items.map((i: { channel: string; sender: string; messages: number }) => [i.channel, i.sender, i.messages])).toEqual([
      ['sms', 'ACME', 20],
      ['whatsapp', '+966500000000', 40],
    ]);
  });

  it('are in the OpenAPI document with their response schemas', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    for (const path of [
      '/api/dashboard/analytics/{id}',
      '/api/dashboard/campaign-metrics',
      '/api/dashboard/campaigns/{id}',
      '/api/dashboard/customers/{id}',
      '/api/dashboard/channel-metrics',
      '/api/dashboard/events',
    ]) {
      expect(doc.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.schema, path).toBeTruthy();
    }
  });
});

describe('GET /api/dashboard/events', () => {
  it('pages the account’s events and streams them, resuming after Last-Event-ID', async () => {
    const a = cast.owner.accountId;
    await foldOnce(t.ctx);
    const before = json(await get('/api/dashboard/events')).data;
    const after = before.last_event_id;
    // a state change, folded: one event with the net change
    await t.sql(`update messages set status = 'DELIVERED', delivered_at = now() where account_id = $1 and status = 'SENT'`, [a]);
    await foldOnce(t.ctx);
    const page = json(await get(`/api/dashboard/events?after=${after}`)).data;
    expect(page.items).toHaveLength(1);
    expect(page.items[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campaign_id: spring, channel: 'whatsapp', status: 'SENT', n: -10 }),
        expect.objectContaining({ campaign_id: spring, channel: 'whatsapp', status: 'DELIVERED', n: 10 }),
      ]),
    );
    expect(json(await get(`/api/dashboard/events?after=${after}`, cast.stranger.token)).data.items).toEqual([]);

    // the stream: the backlog after Last-Event-ID first, then what happens next
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const got: string[] = [];
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/dashboard/events',
      headers: { ...bearer(cast.owner.token), accept: 'text/event-stream', 'last-event-id': String(after) },
    });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    res.setEncoding('utf8');
    res.on('data', (c: string) => got.push(c));
    const until = async (probe: () => boolean) => {
      for (let i = 0; i < 100 && !probe(); i++) await new Promise((r) => setTimeout(r, 50));
    };
    await until(() => got.join('').includes(`id: ${page.items[0].id}`));
    await t.sql(
      `update messages set read_at = now() where account_id = $1 and channel = 'whatsapp' and status = 'DELIVERED' and read_at is null and id % 3 = 0`,
      [a],
    );
    await foldOnce(t.ctx);
    await until(() => (got.join('').match(/event: change/g) ?? []).length >= 2);
    req.destroy();
    const events = got
      .join('')
      .split('\n\n')
      .filter((e) => e.includes('event: change'));
    expect(events).toHaveLength(2);
    expect(events[0]).toContain(`id: ${page.items[0].id}\n`);
    expect(JSON.parse((events[1] as string).split('data: ')[1] as string).changes[0]).toMatchObject({
      channel: 'whatsapp',
      opened: expect.any(Number),
    });
  });
});
