/**
 * A receipt is applied whichever session of the same SMSC login it arrives on
 * (here, another account's sandbox session), and a receipt that arrives before its message id is
 * kept — parked, answered — and applied once the submit_sm_resp is recorded. Real SMPP sessions,
 * the real worker and the SMSC simulator on loopback.
 */
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { until } from '../../test/reliability/harness.ts';

let t: TestApp;
let smsc: SmscSimulator;
let worker: Runner;
const owners: { accountId: number; token: string }[] = [];

const statuses = (bulkId: string) =>
  t
    .sql<{ status: string; n: number }>('select status, count(*)::int as n from messages where bulk_id = $1 group by status', [bulkId])
    .then((rows) => Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>);

async function send(count: number, base: number) {
  const numbers = Array.from({ length: count }, (_, i) => `+96650${String(base + i).padStart(7, '0')}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages/sms',
    headers: bearer(owners[0]?.token as string),
    payload: { recipients: { numbers }, text: 'Your order has shipped' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.bulk_id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  smsc = await startSmscSimulator({ systemId: 'smppclient', password: 'secret1', receiptDelayMs: 20 });
  Object.assign(t.ctx.config.smsc, { port: smsc.port, systemId: 'smppclient', password: 'secret1' });
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  for (let i = 0; i < 2; i++) {
    const u = await signUp(t);
    const s = await signIn(t, u.email);
    owners.push({ accountId: s.user.account_id, token: s.token });
  }
  await t.ctx.sms.connections.reconcile();
  await until(
    () => smsc.boundSessions() >= 2,
    () => `bound sessions: ${smsc.boundSessions()}`,
    20_000,
  );
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smsc?.close();
});

describe('receipts', () => {
  it('are applied when they arrive on another session of the same login', async () => {
    smsc.configure({ receiptsTo: 'other' });
    smsc.resetCounters();
    const bulk = await send(40, 1);
    await until(
      async () => (await statuses(bulk)).DELIVERED === 40,
      () => `not all delivered; SMSC handed ${smsc.counters.receiptsElsewhere} of ${smsc.counters.receiptsSent} receipts elsewhere`,
      20_000,
      100,
    );
    expect(smsc.counters.receiptsElsewhere).toBe(40);
    expect(smsc.counters.receiptsAcked).toBe(40);
    expect(await t.sql('select 1 from sms_pending_receipts')).toEqual([]);
  });

  it('that come before their message id are kept, answered, and applied once the id is recorded', async () => {
    // receipts are parked 3–4 s after they come (receipts.ts); the ids come at 8 s, which leaves a
    // loaded machine seconds, not half of one, to see them parked
    smsc.configure({ receiptsTo: 'submitter', receiptDelayMs: 0, respDelayMs: 8000 });
    smsc.resetCounters();
    const bulk = await send(3, 100);
    // parked after the in-memory wait, and answered (the SMSC may forget them) before the ids came
    await until(
      async () => (await t.sql('select 1 from sms_pending_receipts')).length === 3,
      () => 'receipts never parked',
      10_000,
      100,
    );
    expect(smsc.counters.receiptsAcked).toBe(3);
    expect(await statuses(bulk)).not.toHaveProperty('DELIVERED');
    await until(
      async () => (await statuses(bulk)).DELIVERED === 3,
      () => 'the parked receipts were never applied',
      15_000,
      100,
    );
    expect(await t.sql('select 1 from sms_pending_receipts')).toEqual([]);
    expect(smsc.counters.receiptsSent).toBe(3);
  });
});
