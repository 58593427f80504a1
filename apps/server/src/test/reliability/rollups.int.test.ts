/**
 * The dashboard's rollups are exact after a real campaign with failures (UNDELIV
 * receipts), retries (throttled submits), receipts out of order, receipts offered again after a
 * restart, and a SIGKILL of the server in the middle — compared with count(*) over messages,
 * projection by projection (verifyRollups), and through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAudience, seedBrand } from '../../modules/campaigns/campaign-fixtures.ts';
import { foldOnce, rebuildAccount, verifyRollups } from '../../modules/analytics/index.ts';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { bearer, createTestApp, json, type TestApp } from '../helper.ts';
import { connectionStatus, type Sender, type ServerChild, SHARED_SECRETS, smsAccount, startServerChild, until } from './harness.ts';

const TOTAL = 3000;

let t: TestApp;
let smsc: SmscSimulator;
let sender: Sender;
const children: ServerChild[] = [];

beforeAll(async () => {
  t = await createTestApp(SHARED_SECRETS);
  smsc = await startSmscSimulator({ receiptDelayMs: 20, failureRate: 0.1, throttleRate: 0.05, keep: 10 });
  sender = await smsAccount(t, 50_000);
});
afterAll(async () => {
  for (const c of children) await c.stop().catch(() => {});
  await smsc?.close();
  await t?.close();
});

describe('rollups through a campaign, failures, retries, out-of-order receipts and a SIGKILL', () => {
  it('equal count(*) over messages at the end, and the API says the same', async () => {
    const a = sender.accountId;
    const brandId = await seedBrand(t, a, 'Rollup Co');
    const { groupId } = await seedAudience(t, a, TOTAL, { sms: true, base: 530_000_000, name: 'Everyone' });
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(sender.token),
      payload: {
        name: 'Exactness',
        brand_id: brandId,
        channels: ['sms'],
        audience: { group_ids: [groupId] },
        content: { sms: { text: 'Hi {{first_name}}' } },
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = json(draft).data.id as number;

    const first = await startServerChild(t.ctx.config.databaseUrl as string, smsc.port);
    children.push(first);
    await until(
      async () => smsc.boundSessions() > 0 && (await connectionStatus(t, sender.connectionId)).status === 'CONNECTED',
      () => `sandbox connection never bound:\n${first.output().slice(-3000)}`,
      20_000,
    );
    const dep = await fetch(`${first.url}/api/campaigns/${id}/deploy`, {
      method: 'POST',
      headers: { ...bearer(sender.token), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(dep.status, await dep.text()).toBe(201);
    // receipts of the first third come at once, of the next ones 1.5 s later: later submissions
    // get their receipts before earlier ones once the delay drops again
    await until(
      () => smsc.counters.submitted >= TOTAL / 6,
      () => `submitted ${smsc.counters.submitted}`,
      40_000,
      5,
    );
    smsc.configure({ receiptDelayMs: 1500 });
    await until(
      () => smsc.counters.submitted >= TOTAL / 3,
      () => `submitted ${smsc.counters.submitted}`,
      40_000,
      5,
    );
    smsc.configure({ receiptDelayMs: 10 });
    await until(
      () => smsc.counters.submitted >= TOTAL / 2,
      () => `submitted ${smsc.counters.submitted}`,
      40_000,
      2,
    );
    await first.kill();

    const second = await startServerChild(t.ctx.config.databaseUrl as string, smsc.port);
    children.push(second);
    await until(
      async () => {
        const [r] = await t.sql<{ open: number }>(
          `select count(*) filter (where status not in ('DELIVERED', 'FAILED', 'BLOCKED', 'NOT_ALLOWED', 'CANCELLED', 'PARTIALLY_DELIVERED'))::int as open
             from messages where campaign_id = $1`,
          [id],
        );
        const [c] = await t.sql<{ n: number }>('select count(*)::int as n from messages where campaign_id = $1', [id]);
        return c?.n === TOTAL && r?.open === 0;
      },
      () => `campaign not final:\n${second.output().slice(-2000)}`,
      90_000,
      250,
    );
    const counts = await t.sql<{ status: string; n: number }>(
      'select status, count(*)::int as n from messages where campaign_id = $1 group by 1',
      [id],
    );
    console.info(`[rollups] ${JSON.stringify(counts)}; SMSC submitted ${smsc.counters.submitted}, throttled ${smsc.counters.throttled}`);
    expect(counts.find((c) => c.status === 'FAILED')?.n ?? 0, 'some receipts said UNDELIV').toBeGreaterThan(0);
    expect(smsc.counters.throttled, 'some submits were throttled and retried').toBeGreaterThan(0);

    // exact while the last deltas may still be unfolded, and after the fold
    expect(await verifyRollups(t.ctx.db.$client, a)).toEqual([]);
    await foldOnce(t.ctx);
    expect(await verifyRollups(t.ctx.db.$client, a)).toEqual([]);
    const [truth] = await t.sql<{ delivered: number; failed: number }>(
      `select count(*) filter (where status = 'DELIVERED')::int as delivered, count(*) filter (where status = 'FAILED')::int as failed from messages where campaign_id = $1`,
      [id],
    );
    const api = json(await t.app.inject({ method: 'GET', url: `/api/dashboard/campaigns/${id}`, headers: bearer(sender.token) })).data;
    expect(api.campaign).toMatchObject({ messages: TOTAL, delivered: truth?.delivered, failed: truth?.failed });
    // and a rebuild from messages lands on the same figures
    await rebuildAccount(t.ctx.db.$client, a);
    expect(await verifyRollups(t.ctx.db.$client, a)).toEqual([]);
    // (the campaign's own state may have moved on to COMPLETED_WITH_ERRORS meanwhile: figures only)
    const figures = ({ status: _status, ...rest }: Record<string, unknown>) => rest;
    const again = json(await t.app.inject({ method: 'GET', url: `/api/dashboard/campaigns/${id}`, headers: bearer(sender.token) })).data
      .campaign;
    expect(figures(again)).toEqual(figures(api.campaign));
  }, 180_000);
});
