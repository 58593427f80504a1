/**
 * Credits on a real PostgreSQL: each SMS part priced at its destination class (on-net, off-net,
 * international) from the plan's rates; many parallel sends of one account never overspend and
 * leave the exact balance (holds taken in one statement, settled with the messages); a hold whose
 * send never committed goes back with the sweep and its send cannot be cancelled meanwhile; the
 * low-credit notice is raised once per crossing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, json, signUpCast, type TestApp } from '../../test/helper.ts';
import { holdCredits, releaseStaleHolds } from './pipeline/credits.ts';

let t: TestApp;
let cast: Cast;

const post = (url: string, payload: unknown, token = cast.owner.token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const setSms = (accountId: number, balance: number, threshold: number | null = null) =>
  t.sql(`update credits set balance = $2, low_threshold = $3, low_notified = false where account_id = $1 and channel = 'sms'`, [
    accountId,
    balance,
    threshold,
  ]);
const smsBalance = async (accountId: number) =>
  Number((await t.sql(`select balance from credits where account_id = $1 and channel = 'sms'`, [accountId]))[0]?.balance);

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
});
afterAll(async () => {
  await t?.close();
});

describe('cost per destination class', () => {
  it('prices each part at the plan’s on-net, off-net or international rate, before the send and in history', async () => {
    await setSms(cast.owner.accountId, 1000);
    const [plan] = await t.sql(
      `select p.on_net_rate::int as on_net, p.off_net_rate::int as off_net, p.international_rate::int as intl, p.currency
      from accounts a join plans p on p.key = a.plan where a.id = $1`,
      [cast.owner.accountId],
    );
    expect(plan.on_net).toBeGreaterThan(0);
    expect(new Set([plan.on_net, plan.off_net, plan.intl]).size).toBe(3);
    // the home network is STC (SMS_HOME_OPERATOR's default): 050 is on-net, 054 (Mobily) off-net
    const body = { recipients: { numbers: ['+966501234567', '+966541234567', '+971501234567'] }, text: 'Hello' };
    const estimate = json(await post('/api/messages/sms/estimate', body)).data;
    const expected = plan.on_net + plan.off_net + plan.intl;
    expect(estimate).toMatchObject({ credits: 3, cost_minor: expected, currency: plan.currency });

    const sent = json(await post('/api/messages/sms', body)).data;
    expect(sent).toMatchObject({ credits: 3, cost_minor: expected, currency: 'SAR' });
    expect(Number(sent.cost)).toBeCloseTo(expected / 100, 5);
    const rows = await t.sql('select recipient, cost::text as cost from messages where bulk_id = $1 order by id', [sent.bulk_id]);
    const costOf = Object.fromEntries(rows.map((r) => [String(r.recipient), Math.round(Number(r.cost) * 100)]));
    expect(costOf).toEqual({ '+966501234567': plan.on_net, '+966541234567': plan.off_net, '+971501234567': plan.intl });

    // two parts cost twice
    const long = json(await post('/api/messages/sms', { recipients: { numbers: ['+966591234567'] }, text: 'x'.repeat(200) })).data;
    expect(long).toMatchObject({ parts: 2, credits: 2, cost_minor: 2 * plan.off_net });

    const history = json(
      await t.app.inject({ method: 'GET', url: `/api/messages?bulk_id=${sent.bulk_id}`, headers: bearer(cast.owner.token) }),
    ).data;
    const listed = (history.items ?? history.messages ?? []) as { recipient: string; cost: string }[];
    expect(listed.length).toBe(3);
    expect(listed.map((m) => Math.round(Number(m.cost) * 100)).sort((a, b) => a - b)).toEqual(
      [plan.on_net, plan.off_net, plan.intl].sort((a, b) => a - b),
    );
  });
});

describe('concurrent sends of one account', () => {
  it('never overspend: exactly as many single-credit sends succeed as there were credits, the rest are refused', async () => {
    const account = cast.stranger.accountId;
    await setSms(account, 37);
    const sends = Array.from({ length: 60 }, (_, i) =>
      post('/api/messages/sms', { recipients: { numbers: [`+9665012${String(i).padStart(5, '0')}`] }, text: 'Hi' }, cast.stranger.token),
    );
    const results = await Promise.all(sends);
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(37);
    expect(refused.every((r) => json(r).code === 'INSUFFICIENT_CREDITS')).toBe(true);
    expect(await smsBalance(account)).toBe(0);
    const [ledger] = await t.sql(
      `select count(*) filter (where reason = 'send')::int as sends, count(*) filter (where reason = 'hold')::int as holds,
              coalesce(sum(delta) filter (where reason = 'send'), 0)::int as spent
         from credit_ledger where account_id = $1 and channel = 'sms'`,
      [account],
    );
    expect(ledger).toEqual({ sends: 37, holds: 0, spent: -37 });
    const [m] = await t.sql(`select count(*)::int as n from messages where account_id = $1 and channel = 'sms'`, [account]);
    expect(m.n).toBe(37);
  });

  it('multi-part sends racing for the last credits: the balance never goes below zero and matches what was sent', async () => {
    const account = cast.stranger.accountId;
    await setSms(account, 25);
    const before = (await t.sql(`select count(*)::int as n from messages where account_id = $1`, [account]))[0].n;
    // 3 parts each (UCS-2 over 70 characters per part … 3 parts)
    const text = 'م'.repeat(150);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/messages/sms', { recipients: { numbers: [`+9665512${String(i).padStart(5, '0')}`] }, text }, cast.stranger.token),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).map((r) => json(r).data);
    expect(ok.every((d) => d.credits === 3)).toBe(true);
    expect(ok).toHaveLength(8); // 8 × 3 = 24 ≤ 25 < 27
    expect(await smsBalance(account)).toBe(1);
    const after = (await t.sql(`select count(*)::int as n from messages where account_id = $1`, [account]))[0].n;
    expect(after - before).toBe(8);
  });
});

describe('holds', () => {
  it('a hold whose send never committed cannot be cancelled meanwhile and goes back with the sweep', async () => {
    const account = cast.owner.accountId;
    await setSms(account, 10);
    const bulkId = 'crashed-send-1';
    const hold = await holdCredits(t.ctx.db, { accountId: account, channel: 'sms', amount: 4, bulkId, userId: null });
    expect(hold.balance).toBe(6);
    const cancel = await post(`/api/messages/bulk/${bulkId}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(json(cancel).code).toBe('CREDIT_BEING_CONSUMED');
    // a fresh hold is left alone by the sweep; an old one goes back, once
    expect(await releaseStaleHolds(t.ctx.db, 10)).toBe(0);
    await t.sql(`update credit_ledger set created_at = now() - interval '11 minutes' where id = $1`, [hold.ledgerId]);
    expect(await releaseStaleHolds(t.ctx.db, 10)).toBe(1);
    expect(await releaseStaleHolds(t.ctx.db, 10)).toBe(0);
    expect(await smsBalance(account)).toBe(10);
    expect((await post(`/api/messages/bulk/${bulkId}/cancel`, {})).statusCode).toBe(404);
  });
});

describe('low-credit notice', () => {
  const notices = async (userId: number) =>
    (
      await t.sql(`select count(*)::int as n from notifications where user_id = $1 and title_key = 'notifications.creditsLowSms.title'`, [
        userId,
      ])
    )[0].n as number;

  it('is raised once when the balance crosses the threshold (bell and email), again only after a top-up', async () => {
    const account = cast.owner.accountId;
    await setSms(account, 14, 10);
    const send = () => post('/api/messages/sms', { recipients: { numbers: ['+966501111111'] }, text: 'Hi' });
    for (let i = 0; i < 8; i++) expect((await send()).statusCode).toBe(201);
    expect(await smsBalance(account)).toBe(6);
    expect(await notices(cast.owner.userId)).toBe(1);
    const [n] = await t.sql(
      `select params, email_status from notifications where user_id = $1 and title_key = 'notifications.creditsLowSms.title'`,
      [cast.owner.userId],
    );
    expect(n.params).toEqual({ balance: 9, threshold: 10 });
    expect(n.email_status).toBe('pending');
    // credits added back above the threshold: the next crossing is told again
    await t.sql(`update credits set balance = balance + 10 where account_id = $1 and channel = 'sms'`, [account]);
    for (let i = 0; i < 7; i++) expect((await send()).statusCode).toBe(201);
    expect(await notices(cast.owner.userId)).toBe(2);
  });

  it('takes its threshold from the account’s setting per channel (owners only), the default otherwise', async () => {
    const put = (body: unknown, token = cast.owner.token) =>
      t.app.inject({ method: 'PUT', url: '/api/credits/sms/low-threshold', headers: bearer(token), payload: body as object });
    expect((await put({ threshold: 25 }, cast.viewer.token)).statusCode).toBe(403);
    expect((await put({ threshold: -1 })).statusCode).toBe(400);
    const saved = json(await put({ threshold: 25 }));
    const sms = saved.data.find((c: { channel: string }) => c.channel === 'sms');
    expect(sms).toMatchObject({ low_threshold: 25, low_threshold_is_default: false });
    const reset = json(await put({ threshold: null })).data.find((c: { channel: string }) => c.channel === 'sms');
    expect(reset).toMatchObject({ low_threshold: 100, low_threshold_is_default: true });
    const [a] = await t.sql(`select count(*)::int as n from audit_log where account_id = $1 and action = 'credits.low_threshold_set'`, [
      cast.owner.accountId,
    ]);
    expect(a.n).toBe(2);
  });

  it('parallel sends crossing together raise one notice', async () => {
    const account = cast.stranger.accountId;
    await setSms(account, 30, 20);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post('/api/messages/sms', { recipients: { numbers: [`+9665013${String(i).padStart(5, '0')}`] }, text: 'Hi' }, cast.stranger.token),
      ),
    );
    expect(await smsBalance(account)).toBe(5);
    expect(await notices(cast.stranger.userId)).toBe(1);
  });
});
