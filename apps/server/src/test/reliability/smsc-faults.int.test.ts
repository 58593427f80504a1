/**
 * SMSC faults, through the real server process (a child, its sandbox connection bound to the
 * simulator here): the SMSC drops the connection mid-run → the connection row goes DISCONNECTED →
 * reconnects → all 2,000 DELIVERED, none lost; ESME_RTHROTTLED on 30% of submits → all delivered,
 * none lost, nothing sent twice.
 *
 * The simulator sends receipts only to a bound session and does not keep them while nobody is
 * bound (a real SMSC retries), so before the drop receipts are delayed past the reconnect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import {
  compareWithSmsc,
  connectionStatus,
  type Sender,
  type ServerChild,
  SHARED_SECRETS,
  saudiMobiles,
  sendSms,
  smsAccount,
  startServerChild,
  until,
  waitAllFinal,
} from './harness.ts';

const TOTAL = 2_000;
let t: TestApp;
let smsc: SmscSimulator;
let sender: Sender;
let server: ServerChild;

beforeAll(async () => {
  t = await createTestApp(SHARED_SECRETS);
  smsc = await startSmscSimulator({ receiptDelayMs: 20, keep: 100 });
  sender = await smsAccount(t, 50_000);
  server = await startServerChild(t.ctx.config.databaseUrl as string, smsc.port);
  await until(
    async () => smsc.boundSessions() > 0 && (await connectionStatus(t, sender.connectionId)).status === 'CONNECTED',
    () => `sandbox connection never bound:\n${server.output().slice(-3000)}`,
    20_000,
  );
});
afterAll(async () => {
  await server?.stop();
  await smsc?.close();
  await t?.close();
});

/** Sends and fails at once when the API refuses (instead of waiting for the SMSC). */
function startSend(numbers: string[], text: string) {
  const state: { error: Error | null; result: Promise<{ bulk_id: string; accepted: number }> } = { error: null, result: null as never };
  state.result = sendSms(server.url, sender.token, numbers, text);
  state.result.catch((err) => {
    state.error = err;
  });
  return state;
}

async function finalOrExplain(bulkId: string, timeoutMs: number) {
  try {
    return await waitAllFinal(t, bulkId, TOTAL, timeoutMs);
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\nSMSC: submitted ${smsc.counters.submitted}, throttled ${smsc.counters.throttled}, receipts ${smsc.counters.receiptsSent}\n${server.output().slice(-3000)}`,
    );
  }
}

describe('faults at the SMSC, through the server process', () => {
  it('a drop mid-run: DISCONNECTED, reconnects, all 2,000 DELIVERED, none lost', async () => {
    const started = Date.now();
    smsc.resetCounters();
    smsc.configure({ receiptDelayMs: 10_000 });
    const send = startSend(saudiMobiles(TOTAL, 100_000), 'Drop test: see you soon.');
    await until(
      () => {
        if (send.error) throw send.error;
        return smsc.counters.submitted >= 600;
      },
      () => `the SMSC got ${smsc.counters.submitted} of ${TOTAL}:\n${server.output().slice(-3000)}`,
      30_000,
      2,
    );
    smsc.drop();
    const droppedAt = smsc.counters.submitted;
    const seen: string[] = [];
    await until(
      async () => {
        const { status } = await connectionStatus(t, sender.connectionId);
        if (seen.at(-1) !== status) seen.push(status);
        return status === 'DISCONNECTED';
      },
      () => `the connection row never went DISCONNECTED (saw ${seen.join(' → ')})`,
      5_000,
      10,
    );
    const down = await connectionStatus(t, sender.connectionId);
    expect(down.last_error, 'a readable reason is recorded').toBeTruthy();
    await until(
      async () => (await connectionStatus(t, sender.connectionId)).status === 'CONNECTED' && smsc.boundSessions() > 0,
      () => `no reconnect: ${JSON.stringify(seen)}\n${server.output().slice(-3000)}`,
      6_000,
      20,
    );
    smsc.configure({ receiptDelayMs: 20 });
    const { bulk_id } = await send.result;
    const counts = await finalOrExplain(bulk_id, 60_000);
    const cmp = await compareWithSmsc(t, bulk_id, smsc);
    console.info(
      `[drop] dropped at ${droppedAt}/${TOTAL}; SMSC submitted ${smsc.counters.submitted}, duplicates ${smsc.counters.duplicates}, ` +
        `flagged ${cmp.flagged}; ${Date.now() - started} ms`,
    );
    expect.soft(cmp.rows).toBe(TOTAL);
    expect.soft(counts).toEqual({ DELIVERED: TOTAL });
    expect.soft(cmp.missing, 'numbers the SMSC never received').toEqual([]);
    expect.soft(smsc.counters.duplicates, 'duplicates at the SMSC ≤ the SMPP window').toBeLessThanOrEqual(sender.windowSize);
    expect.soft(cmp.unflagged, 'resent after the drop but not flagged possible_duplicate').toEqual([]);
  }, 90_000);

  it('throttling (30% ESME_RTHROTTLED): all 2,000 DELIVERED, none lost, none sent twice', async () => {
    const started = Date.now();
    smsc.resetCounters();
    smsc.configure({ receiptDelayMs: 20, throttleRate: 0.3 });
    const send = startSend(saudiMobiles(TOTAL, 200_000), 'Throttle test: see you soon.');
    const { bulk_id } = await send.result;
    const counts = await finalOrExplain(bulk_id, 60_000);
    smsc.configure({ throttleRate: 0 });
    const cmp = await compareWithSmsc(t, bulk_id, smsc);
    console.info(`[throttle] throttled ${smsc.counters.throttled}, submitted ${smsc.counters.submitted}; ${Date.now() - started} ms`);
    expect.soft(smsc.counters.throttled).toBeGreaterThan(0);
    expect.soft(cmp.rows).toBe(TOTAL);
    expect.soft(counts).toEqual({ DELIVERED: TOTAL });
    expect.soft(cmp.missing).toEqual([]);
    expect.soft(smsc.counters.duplicates, 'a throttled submit is refused, so its resend is no duplicate').toBe(0);
    expect.soft(smsc.counters.submitted).toBe(TOTAL);
  }, 90_000);
});
