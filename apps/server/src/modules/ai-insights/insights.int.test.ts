/**
 * AI Analytics on the built-in engine over a real database with a made history: each kind of
 * insight appears with the figures the database gives, a text whose every number is among them (in
 * English and in Arabic), its confidence and its action; a campaign against its baseline; the
 * dashboard; the group of over-messaged customers.
 */
import { ungroundedNumbers } from '@risala/shared/grounding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { call, planCast, seedHistory } from '../ai-plans/plan-fixtures.ts';
import { insightFacts } from './insights.service.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof planCast>>;
let connectionId: number;
let campaignId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await planCast(t);
  const acct = cast.owner.accountId;
  const [conn] = await t.sql<{ id: number }>('select id from connections where account_id = $1 order by id limit 1', [acct]);
  connectionId = conn?.id as number;
  // SMS through the connection delivered well 10–30 days ago and badly this week; email opened best at one hour
  await seedHistory(t, acct, [
    { name: 'Old SMS 1', channel: 'sms', sent: 200, delivered: 192, hour: 16, daysAgo: 20, connectionId, clicked: 10 },
    { name: 'Old SMS 2', channel: 'sms', sent: 200, delivered: 190, hour: 16, daysAgo: 12, connectionId },
    { name: 'This week SMS', channel: 'sms', sent: 150, delivered: 96, hour: 16, daysAgo: 2, connectionId },
    { name: 'Old email', channel: 'email', sent: 300, delivered: 290, engaged: 40, hour: 7, daysAgo: 15 },
    { name: 'Morning email', channel: 'email', sent: 120, delivered: 118, engaged: 60, hour: 6, daysAgo: 3 },
    // the same 100 customers messaged twice more this week: four messages each
    { name: 'Flash 1', channel: 'whatsapp', sent: 100, delivered: 100, hour: 12, daysAgo: 4, prefix: '+97150' },
    { name: 'Flash 2', channel: 'whatsapp', sent: 100, delivered: 100, hour: 12, daysAgo: 5, prefix: '+97150' },
  ]);
  const [c] = await t.sql<{ id: number }>(`select id from campaigns where account_id = $1 and name = 'This week SMS'`, [acct]);
  campaignId = c?.id as number;
  // six customers unsubscribed after the morning email
  await t.sql(
    `insert into message_events (message_id, account_id, event, at)
     select m.id, m.account_id, 'UNSUBSCRIBED', now() from messages m join campaigns c on c.id = m.campaign_id
      where c.account_id = $1 and c.name = 'Morning email' and m.status = 'DELIVERED' order by m.id limit 9`,
    [acct],
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/ai/insights', () => {
  let insights: any[];

  it("finds what the data shows, with the database's figures", async () => {
    const r = await call(t, cast.viewer.token, 'GET', '/api/ai/insights');
    expect(r.status, r.res.body).toBe(200);
    insights = r.data.insights;
    const kinds = insights.map((i) => i.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['delivery_drop', 'failure_growth', 'unsubscribe_spike', 'best_send_time', 'fatigue', 'credits_forecast']),
    );
    const acct = cast.owner.accountId;

    const drop = insights.find((i) => i.id === `delivery_drop:connection:${connectionId}`);
    const [d] = await t.sql<{ r: number; b: number }>(
      `select round(100.0 * count(*) filter (where status = 'DELIVERED' and created_at >= now() - interval '7 days') / nullif(count(*) filter (where created_at >= now() - interval '7 days'), 0), 1)::float8 as r,
              round(100.0 * count(*) filter (where status = 'DELIVERED' and created_at < now() - interval '7 days') / nullif(count(*) filter (where created_at < now() - interval '7 days'), 0), 1)::float8 as b
         from messages where account_id = $1 and connection_id = $2 and created_at >= now() - interval '35 days'`,
      [acct, connectionId],
    );
    expect(drop.figures).toMatchObject({ recent_rate: d?.r, baseline_rate: d?.b, recent_sent: 150, baseline_sent: 400 });
    expect(drop).toMatchObject({
      severity: 'critical',
      channel: 'sms',
      action: { kind: 'open', url: `/sender-management/connections/${connectionId}` },
      confidence: { level: 'low', sample: 150 },
    });

    const spike = insights.find((i) => i.kind === 'unsubscribe_spike');
    expect(spike.figures).toMatchObject({ campaign: 'Morning email', unsubscribed: 9, delivered: 118 });
    expect(spike.action.url).toMatch(/^\/campaignhistory\?campaign=\d+$/);

    const best = insights.find((i) => i.id === 'best_send_time:email');
    // 06:00 UTC is 09:00 in Riyadh, the account's zone
    expect(best.figures).toMatchObject({ hour: 9, metric: 'engagement', rate: 50.8, sent: 120 });

    const [f] = await t.sql<{ n: number }>(
      `select count(*)::int as n from (select customer_id from messages where account_id = $1 and created_at >= now() - interval '7 days' and campaign_id is not null
         and status not in ('CANCELLED', 'NOT_ALLOWED', 'BLOCKED') group by customer_id having count(*) >= 4) x`,
      [acct],
    );
    expect(insights.find((i) => i.kind === 'fatigue').figures.customers).toBe(f?.n);
    const credits = insights.find((i) => i.id === 'credits_forecast:sms');
    const [cr] = await t.sql<{ spent: number; balance: number }>(
      `select (select sum(credits) from messages where account_id = $1 and channel = 'sms' and created_at >= now() - interval '30 days')::int as spent,
              (select balance from credits where account_id = $1 and channel = 'sms')::int as balance`,
      [acct],
    );
    expect(credits.figures).toMatchObject({
      spent: cr?.spent,
      balance: cr?.balance,
      days_left: Math.floor((cr?.balance as number) / ((cr?.spent as number) / 30)),
    });
  });

  it("says only its own figures, in English and in Arabic, and the summary only the insights' figures", async () => {
    for (const lang of ['en', 'ar'] as const) {
      const r = await call(t, cast.owner.token, 'GET', `/api/ai/analytics?lang=${lang}`);
      expect(r.data).toMatchObject({ engine: 'builtin', language: lang, fallback: false, source: 'rollups' });
      for (const i of r.data.insights) {
        expect(ungroundedNumbers(`${i.title}\n${i.explanation}`, i.figures), `${lang} ${i.id}: ${i.title} ${i.explanation}`).toEqual([]);
        if (lang === 'ar') expect(i.explanation).toMatch(/[\u0600-\u06FF]/);
      }
      expect(ungroundedNumbers(r.data.summary, insightFacts(r.data.insights, 30))).toEqual([]);
      expect(r.data.summary).toContain(lang === 'ar' ? 'المحرك المدمج' : 'built-in engine');
    }
  });

  it('compares a campaign with the account baseline', async () => {
    const r = await call(t, cast.owner.token, 'GET', `/api/ai/performance?campaign_id=${campaignId}`);
    expect(r.status, r.res.body).toBe(200);
    const sms = r.data.channels[0];
    expect(sms).toMatchObject({
      channel: 'sms',
      campaign: { sent: 150, delivered: 96, delivery_rate: 64 },
      baseline: { sent: 400, delivered: 382, delivery_rate: 95.5 },
      significant: true,
    });
    expect(sms.delta.delivery_rate).toBe(-31.5);
    expect(ungroundedNumbers(r.data.summary, { ...r.data, summary: '', baseline_days: 90 })).toEqual([]);
    expect((await call(t, cast.stranger.token, 'GET', `/api/ai/performance?campaign_id=${campaignId}`)).status).toBe(404);
  });

  it('answers for all campaigns without campaign_id, each against the others, in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const r = await call(t, cast.owner.token, 'GET', `/api/ai/performance?lang=${lang}`);
      expect(r.status, r.res.body).toBe(200);
      expect(r.data.campaign).toBeNull();
      const names = r.data.campaigns.map((c: { campaign: { name: string } }) => c.campaign.name);
      expect(names).toEqual(expect.arrayContaining(['This week SMS', 'Old SMS 1', 'Morning email']));
      // each campaign is the single-campaign answer: the same figures as ?campaign_id=
      const one = await call(t, cast.owner.token, 'GET', `/api/ai/performance?campaign_id=${campaignId}&lang=${lang}`);
      const same = r.data.campaigns.find((c: { campaign: { id: number } }) => c.campaign.id === campaignId);
      expect(same.channels).toEqual(one.data.channels);
      expect(r.data.summary).toContain('This week SMS');
      expect(ungroundedNumbers(r.data.summary, { ...r.data, summary: '', baseline_days: 90 })).toEqual([]);
    }
  });

  it('draws the dashboard and makes the group of over-messaged customers to exclude', async () => {
    const r = await call(t, cast.owner.token, 'GET', '/api/ai/analytics/dashboard');
    expect(r.status, r.res.body).toBe(200);
    expect(r.data.channels.map((c: any) => c.channel)).toEqual(['sms', 'email', 'whatsapp']);
    expect(r.data.best_times.find((b: any) => b.channel === 'email').best).toMatchObject({ hour: 9, dow: expect.any(Number) });
    // per channel, the same days as the insight (SMS ran low while email and WhatsApp did not)
    const insights = (await call(t, cast.owner.token, 'GET', '/api/ai/insights')).data.insights;
    const sms = r.data.credits.find((c: any) => c.channel === 'sms');
    const [balance] = await t.sql<{ balance: number }>(
      `select balance::int as balance from credits where account_id = $1 and channel = 'sms'`,
      [cast.owner.accountId],
    );
    expect(sms).toMatchObject({
      balance: balance?.balance,
      days_left: insights.find((i: any) => i.id === 'credits_forecast:sms')?.figures.days_left,
    });
    expect(sms.projection).toHaveLength(31);
    expect(sms.projection[0].balance).toBe(balance?.balance);
    const fatigue = insights.find((i: any) => i.kind === 'fatigue');
    expect((await call(t, cast.viewer.token, 'POST', fatigue.action.endpoint)).status).toBe(403);
    const g = await call(t, cast.owner.token, 'POST', fatigue.action.endpoint);
    expect(g.status, g.res.body).toBe(201);
    expect(g.data.members).toBe(fatigue.figures.customers);
    const [n] = await t.sql<{ n: number }>('select count(*)::int as n from group_members where group_id = $1', [g.data.group_id]);
    expect(n?.n).toBe(fatigue.figures.customers);
  });

  it('keeps to the account: another account sees none of it', async () => {
    const r = await call(t, cast.stranger.token, 'GET', '/api/ai/insights');
    expect(r.data.insights.filter((i: any) => i.kind !== 'reachability')).toEqual([]);
  });
});
