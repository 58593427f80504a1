/**
 * ARCHITECTURE §6: a crash loses nothing and leaves nothing
 * stuck. 5,000 SMS go to the real server (a child process); when the SMSC has about a third of them
 * the server is SIGKILLed, a new one is started on the same database, and every message must end
 * DELIVERED — none left SENT — each number reached, with at most one SMPP window of duplicates at
 * the SMSC, every one flagged possible_duplicate, and no more than a window flagged at all. Every receipt arrives on a *second* session of the
 * same login (another account's sandbox connection), as an SMSC may hand them out.
 *
 * Receipts flow (20 ms after each submit) while the first server runs, so it holds receipts it
 * has already acknowledged with deliver_sm_resp when it dies: an SMSC never sends those again, so
 * they must not be lost. The simulator, unlike a real SMSC, keeps no receipt while nobody is bound
 * and ignores deliver_sm_resp; so that no receipt falls due while no server is bound, receipts
 * of submissions from QUIET_MS before the kill on are delayed past the restart (25 s; a loaded
 * machine can take 10 s to start the server).
 */
import { FINAL_STATES } from '@risala/shared/schemas/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import {
  compareWithSmsc,
  connectionStatus,
  digits,
  type Sender,
  type ServerChild,
  SHARED_SECRETS,
  saudiMobiles,
  sendSms,
  smsAccount,
  startServerChild,
  statusCounts,
  until,
  waitAllFinal,
} from './harness.ts';

const TOTAL = 5_000;
const TEXT = 'Reliability run: your order is on its way.';
// Receipts of what was submitted before the kill fall due after the restart on an idle machine; on
// a loaded one the restart can take longer (37 s seen while eight test runs shared 2 cores): then
// the SMSC holds them and offers them when the new server binds — they still arrive on its session.
const PRE_KILL_RECEIPT_DELAY_MS = 25_000;
const QUIET_MS = 100;

let t: TestApp;
let smsc: SmscSimulator;
let sender: Sender;
let bystander: Sender;
const children: ServerChild[] = [];

beforeAll(async () => {
  t = await createTestApp(SHARED_SECRETS);
  smsc = await startSmscSimulator({ receiptDelayMs: 20, keep: 30_000, receiptsTo: 'other' });
  sender = await smsAccount(t, 50_000);
  bystander = await smsAccount(t, 10); // its sandbox session receives the sender's receipts
});
afterAll(async () => {
  for (const c of children) await c.stop().catch(() => {});
  await smsc?.close();
  await t?.close();
});

describe('SIGKILL of the server in the middle of 5,000 SMS, receipts on a second session', () => {
  it('restarts, loses nothing, leaves nothing SENT, delivers all, duplicates ≤ window and flagged', async () => {
    const started = Date.now();
    const first = await startServerChild(t.ctx.config.databaseUrl as string, smsc.port);
    children.push(first);
    await until(
      async () =>
        smsc.boundSessions() > 1 &&
        (await connectionStatus(t, sender.connectionId)).status === 'CONNECTED' &&
        (await connectionStatus(t, bystander.connectionId)).status === 'CONNECTED',
      () => `sandbox connection never bound:\n${first.output().slice(-3000)}`,
      20_000,
    );

    const numbers = saudiMobiles(TOTAL);
    let sendError: Error | null = null;
    const sending = sendSms(first.url, sender.token, numbers, TEXT);
    sending.catch((err) => {
      sendError = err; // the kill may cut the answer off; a refusal before it fails the test at once
    });
    await until(
      () => {
        if (sendError) throw sendError;
        return smsc.counters.submitted >= TOTAL / 5;
      },
      () => `the SMSC got ${smsc.counters.submitted} of ${TOTAL}:\n${first.output().slice(-3000)}`,
      40_000,
      2,
    );
    smsc.configure({ receiptDelayMs: PRE_KILL_RECEIPT_DELAY_MS });
    const quietFrom = Date.now();
    await until(
      () => smsc.counters.submitted >= TOTAL / 3 && Date.now() - quietFrom >= QUIET_MS,
      () => `the SMSC got ${smsc.counters.submitted} of ${TOTAL}:\n${first.output().slice(-3000)}`,
      40_000,
      2,
    );
    const receiptsBeforeKill = smsc.counters.receiptsSent;
    await first.kill();
    const atKill = smsc.counters.submitted;
    const killedAt = Date.now();

    const bulkId =
      (await sending.then((r) => r.bulk_id).catch(() => null)) ??
      (await t.sql<{ bulk_id: string }>('select distinct bulk_id from messages where account_id = $1', [sender.accountId]))[0]?.bulk_id;
    expect(bulkId, 'the send created a bulk').toBeTruthy();

    const second = await startServerChild(t.ctx.config.databaseUrl as string, smsc.port);
    children.push(second);
    const restartMs = Date.now() - killedAt;
    smsc.configure({ receiptDelayMs: 20 });

    // not final after 60 s: measure what is stuck instead of only timing out
    const counts = await waitAllFinal(t, bulkId as string, TOTAL, 60_000).catch(() => statusCounts(t, bulkId as string));
    const stuck = await t.sql<{ recipient: string }>(
      `select recipient from messages where bulk_id = $1 and not (status = any($2::text[]))`,
      [bulkId, FINAL_STATES],
    );
    // a stuck message whose every submission was before the quiet period had its receipt sent to the first server ≥ QUIET_MS before the kill
    const lastSubmit = new Map<string, number>();
    for (const sub of smsc.submissions)
      lastSubmit.set(digits(sub.destination), Math.max(lastSubmit.get(digits(sub.destination)) ?? 0, sub.at));
    const receiptAckedThenLost = stuck.filter((r) => (lastSubmit.get(digits(r.recipient)) ?? Infinity) < quietFrom).length;
    const cmp = await compareWithSmsc(t, bulkId as string, smsc);
    const [conn] = await t.sql<{ window_size: number }>('select window_size from connections where id = $1', [sender.connectionId]);
    const [charged] = await t.sql<{ sum: number }>(
      `select coalesce(sum(delta), 0)::int as sum from credit_ledger where account_id = $1 and channel = 'sms' and bulk_id = $2`,
      [sender.accountId, bulkId],
    );
    console.info(
      `[sigkill] killed at ${atKill}/${TOTAL} submitted, ${receiptsBeforeKill} receipts sent to it; restart ${restartMs} ms; SMSC submitted ${smsc.counters.submitted}, ` +
        `duplicates ${smsc.counters.duplicates} (window ${conn?.window_size}); flagged ${cmp.flagged}; not final ${stuck.length} (receipt delivered before the kill: ${receiptAckedThenLost}); total ${Date.now() - started} ms`,
    );

    expect.soft(cmp.rows, 'messages in the bulk').toBe(TOTAL);
    expect.soft(stuck.length, 'messages left in a non-final state (SENT, ACCEPTED, QUEUED…)').toBe(0);
    expect.soft(smsc.counters.receiptsElsewhere, 'receipts handed to the second session').toBeGreaterThan(TOTAL / 2);
    expect.soft(counts, 'every message DELIVERED (failure rate 0)').toEqual({ DELIVERED: TOTAL });
    expect.soft(receiptAckedThenLost, 'receipts the killed server acknowledged but never applied').toBe(0);
    expect.soft(cmp.missing, 'numbers the SMSC never received').toEqual([]);
    expect.soft(smsc.counters.duplicates, 'duplicates at the SMSC ≤ the SMPP window').toBeLessThanOrEqual(conn?.window_size as number);
    expect.soft(cmp.duplicated.length, 'duplicated numbers').toBe(smsc.counters.duplicates);
    expect.soft(cmp.unflagged, 'duplicated at the SMSC but not flagged possible_duplicate').toEqual([]);
    // only what had been submitted without an outcome is flagged, not what the sender held unsent
    expect.soft(cmp.flagged, 'flagged possible_duplicate ≤ the SMPP window').toBeLessThanOrEqual(conn?.window_size as number);
    expect.soft(charged?.sum, 'credits charged once per message, not per resubmission').toBe(-TOTAL);
  }, 150_000);
});
