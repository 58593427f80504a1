/**
 * The SMS pipeline end to end: API send → router → filter → connection sender → the real SMSC
 * simulator → receipts, with the real graphile worker and real SMPP sessions.
 */
import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import type { Runner } from 'graphile-worker';
import smpp, { type PDU, type Session } from 'smpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESME } from '../../channels/sms/esme.ts';
import { startWorker } from '../../jobs/worker.ts';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { invalidateRoutingTable } from '../routing/routing-table.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp, timelineOf, waitFor } from '../../test/helper.ts';

let t: TestApp;
let smsc: SmscSimulator;
let worker: Runner;
let owner: { accountId: number; token: string };
let sandboxId: number;

const send = (payload: unknown, token = owner.token) =>
  t.app.inject({ method: 'POST', url: '/api/messages/sms', headers: bearer(token), payload: payload as object });

const statuses = (bulkId: string) =>
  t
    .sql<{ status: string; n: number }>('select status, count(*)::int as n from messages where bulk_id = $1 group by status', [bulkId])
    .then((rows) => Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>);
const allIn = (status: string, n: number) => (s: Record<string, number>) => s[status] === n;
const numbers = (n: number, base = 500_000_000) => Array.from({ length: n }, (_, i) => `+966${base + i}`);

beforeAll(async () => {
  t = await createTestApp();
  smsc = await startSmscSimulator({ systemId: 'smppclient', password: 'secret1', receiptDelayMs: 20 });
  Object.assign(t.ctx.config.smsc, { port: smsc.port, systemId: 'smppclient', password: 'secret1' });
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, token: s.token };
  const [c] = await t.sql('select id from connections where account_id = $1 and is_sandbox', [owner.accountId]);
  sandboxId = c.id;
  // more than the trial's 1,000 SMS credits for the bigger runs below (the first test still sees the trial)
  await t.sql(`update credits set balance = balance + 100000 where account_id = $1 and channel = 'sms'`, [owner.accountId]);
  await t.ctx.sms.connections.reconcile();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smsc?.close();
});

describe('SMS pipeline', () => {
  it('a single GSM-7 SMS reaches DELIVERED with its timeline; credits per part', async () => {
    const res = await send({ recipients: { numbers: ['+966500000001'] }, text: 'Hello from Risala' });
    expect(res.statusCode).toBe(201);
    const r = json(res).data;
    expect(r).toMatchObject({ accepted: 1, parts: 1, encoding: 'GSM-7', credits: 1, balance: 100_999 });
    await waitFor(() => statuses(r.bulk_id), allIn('DELIVERED', 1));
    const [m] = await t.sql('select * from messages where bulk_id = $1', [r.bulk_id]);
    expect(m).toMatchObject({ connection_id: sandboxId, parts_sent: 1, parts_delivered: 1, stage: 'done' });
    expect(m.smsc_message_id).toBeTruthy();
    expect(m.provider_message_id).toBeNull(); // the indexed column is for email and WhatsApp webhooks
    const events = await timelineOf(t, bearer(owner.token), m.id);
    expect(events.map((e) => e.event)).toEqual(['QUEUED', 'SENT', 'DELIVERED']);
    expect(await t.sql('select 1 from sms_queue where message_id = $1', [m.id])).toHaveLength(0);
    const keys = await t.sql('select * from sms_part_keys where message_id = $1', [m.id]);
    expect(keys).toHaveLength(0);
  });

  it('multipart GSM-7 and UCS-2 Arabic messages go out with UDH and reach DELIVERED', async () => {
    smsc.resetCounters();
    const latin = 'A'.repeat(400); // 3 parts of 153
    const arabic = 'مرحبا بكم في رسالة، هذه رسالة طويلة باللغة العربية لاختبار التقسيم إلى أجزاء متعددة. '.repeat(2); // > 70 UCS-2 units
    const a = json(await send({ recipients: { numbers: ['+966500000011'] }, text: latin })).data;
    const b = json(await send({ recipients: { numbers: ['+966500000012'] }, text: arabic })).data;
    expect(a).toMatchObject({ parts: 3, encoding: 'GSM-7', credits: 3 });
    expect(b.encoding).toBe('UCS-2');
    expect(b.parts).toBeGreaterThan(1);
    await waitFor(() => statuses(a.bulk_id), allIn('DELIVERED', 1));
    await waitFor(() => statuses(b.bulk_id), allIn('DELIVERED', 1));
    const [ma] = await t.sql('select parts, parts_sent, parts_delivered from messages where bulk_id = $1', [a.bulk_id]);
    expect(ma).toMatchObject({ parts: 3, parts_sent: 3, parts_delivered: 3 });
    const latinParts = smsc.submissions.filter((x) => x.destination === '966500000011');
    expect(latinParts).toHaveLength(3);
    expect(latinParts.every((x) => x.udh !== null && x.dataCoding === 0)).toBe(true);
    expect(latinParts.map((x) => x.text).join('')).toBe(latin);
    const arabicParts = smsc.submissions.filter((x) => x.destination === '966500000012');
    expect(arabicParts.every((x) => x.dataCoding === 8)).toBe(true);
    expect(arabicParts.map((x) => x.text).join('')).toBe(arabic);
  });

  it('matches receipts that print the id in decimal although submit_sm_resp said hex', async () => {
    smsc.configure({ decimalReceiptIds: true });
    try {
      const r = json(await send({ recipients: { numbers: numbers(20, 501_000_000) }, text: 'decimal receipts' })).data;
      await waitFor(() => statuses(r.bulk_id), allIn('DELIVERED', 20));
    } finally {
      smsc.configure({ decimalReceiptIds: false });
    }
  });

  it('UNDELIV receipts → FAILED with a readable reason', async () => {
    smsc.configure({ failureRate: 1 });
    try {
      const r = json(await send({ recipients: { numbers: ['+966500000021'] }, text: 'will fail' })).data;
      await waitFor(() => statuses(r.bulk_id), allIn('FAILED', 1));
      const [m] = await t.sql('select error_code, error_message, parts_failed from messages where bulk_id = $1', [r.bulk_id]);
      expect(m).toMatchObject({ error_code: 'UNDELIV', parts_failed: 1 });
      expect(readable(m.error_message, 'en')).toContain('could not deliver');
      expect(readable(m.error_message, 'ar')).toMatch(/[\u0600-\u06FF]/);
    } finally {
      smsc.configure({ failureRate: 0 });
    }
  });

  it('throttling answers slow the sender down and lose nothing', async () => {
    smsc.resetCounters();
    smsc.configure({ throttleRate: 0.3 });
    try {
      const r = json(await send({ recipients: { numbers: numbers(300, 502_000_000) }, text: 'throttled run' })).data;
      await waitFor(() => statuses(r.bulk_id), allIn('DELIVERED', 300), 30_000);
      expect(smsc.counters.throttled).toBeGreaterThan(0);
      expect(smsc.counters.duplicates).toBe(0);
    } finally {
      smsc.configure({ throttleRate: 0 });
    }
  });

  it('an SMSC drop mid-run: DISCONNECTED, reconnects, everything delivered', async () => {
    smsc.resetCounters();
    await t.sql('update connections set message_per_second = 500 where id = $1', [sandboxId]);
    await t.ctx.sms.connections.restart(owner.accountId, sandboxId);
    const r = json(await send({ recipients: { numbers: numbers(1000, 503_000_000) }, text: 'drop run' })).data;
    await waitFor(
      async () => smsc.counters.submitted,
      (n) => n > 100,
    );
    smsc.drop();
    await waitFor(
      () => t.sql('select status from connections where id = $1', [sandboxId]).then((rows) => rows[0].status),
      (s) => s === 'DISCONNECTED' || s === 'CONNECTING',
      5000,
    );
    // every message went out once more after the reconnect; the simulator drops the receipts it
    // could not hand over while nobody was bound (at most the ones due during the drop)
    const done = await waitFor(
      () => statuses(r.bulk_id),
      (s) => (s.DELIVERED ?? 0) + (s.SENT ?? 0) === 1000 && (s.DELIVERED ?? 0) >= 900,
      30_000,
    );
    expect(done.SENT ?? 0).toBeLessThanOrEqual(100);
    const [c] = await t.sql('select status from connections where id = $1', [sandboxId]);
    expect(c.status).toBe('CONNECTED');
    await t.sql('update connections set message_per_second = 9999 where id = $1', [sandboxId]);
    await t.ctx.sms.connections.restart(owner.accountId, sandboxId);
  }, 60_000);

  it('a stopped connection keeps messages QUEUED until it is started again', async () => {
    const stop = await t.app.inject({ method: 'POST', url: `/api/gateway/connections/${sandboxId}/stop`, headers: bearer(owner.token) });
    expect(stop.statusCode).toBe(200);
    const r = json(await send({ recipients: { numbers: numbers(5, 504_000_000) }, text: 'waiting' })).data;
    await waitFor(() => statuses(r.bulk_id), allIn('QUEUED', 5));
    await new Promise((res) => setTimeout(res, 1500));
    expect(await statuses(r.bulk_id)).toEqual({ QUEUED: 5 });
    const start = await t.app.inject({ method: 'POST', url: `/api/gateway/connections/${sandboxId}/start`, headers: bearer(owner.token) });
    expect(start.statusCode).toBe(200);
    await waitFor(() => statuses(r.bulk_id), allIn('DELIVERED', 5));
  });

  it('a permanent ESME error fails over to the next connection of the route', async () => {
    const rejecting = smpp.createServer({}, (session: Session) => {
      session.on('error', () => {});
      session.on('bind_transceiver', (pdu: PDU) => session.send(pdu.response()));
      session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
      session.on('submit_sm', (pdu: PDU) => session.send(pdu.response({ command_status: ESME.ESME_RINVDSTADR })));
    });
    await new Promise<void>((res) => rejecting.listen(0, '127.0.0.1', () => res()));
    const port = (rejecting.address() as { port: number }).port;
    try {
      const [conn] = await t.sql(
        `insert into connections (account_id, connection_name, type, host, port, system_id, bind_timeout_s, desired_state)
         values ($1, 'Rejecting', 'smpp', '127.0.0.1', $2, 'x', 2, 'started') returning id`,
        [owner.accountId, port],
      );
      t.ctx.config.outbound.allowedHosts = ['127.0.0.1']; // a loopback SMSC of this test (the SSRF guard refuses it otherwise)
      await t.ctx.sms.connections.start(owner.accountId, conn.id);
      const [router] = await t.sql(
        `insert into routers (account_id, router_name, router_type, "order", status, connection_ids)
         values ($1, 'Failover', 'failover', 1, 'ACTIVE', $2) returning id`,
        [owner.accountId, [conn.id, sandboxId]],
      );
      invalidateRoutingTable(owner.accountId);
      const r = json(await send({ recipients: { numbers: ['+966500000031'] }, text: 'failover please' })).data;
      await waitFor(() => statuses(r.bulk_id), allIn('DELIVERED', 1));
      const [m] = await t.sql('select id, connection_id, attempt, router_id from messages where bulk_id = $1', [r.bulk_id]);
      expect(m).toMatchObject({ connection_id: sandboxId, attempt: 1, router_id: router.id });
      const events = await timelineOf(t, bearer(owner.token), m.id);
      expect(events.map((e) => e.event)).toEqual(['QUEUED', 'FAILOVER', 'SENT', 'DELIVERED']);
      expect(events[1]?.detail).toContain('ESME_RINVDSTADR');
      // alone on the rejecting connection: FAILED with the readable ESME text, credits back
      await t.sql(`update routers set connection_ids = $2, router_type = 'static' where id = $1`, [router.id, [conn.id]]);
      invalidateRoutingTable(owner.accountId);
      const before = await balance();
      const f = json(await send({ recipients: { numbers: ['+966500000032'] }, text: 'no way out' })).data;
      await waitFor(() => statuses(f.bulk_id), allIn('FAILED', 1));
      const [fm] = await t.sql('select error_code, error_message, credits from messages where bulk_id = $1', [f.bulk_id]);
      expect(fm).toMatchObject({ error_code: 'ESME_RINVDSTADR', credits: 0 });
      expect(readable(fm.error_message, 'en')).toContain('Invalid destination address');
      expect(await balance()).toBe(before);
      await t.sql('delete from routers where id = $1', [router.id]);
      invalidateRoutingTable(owner.accountId);
      await t.ctx.sms.connections.stop(owner.accountId, conn.id);
    } finally {
      await new Promise((res) => rejecting.close(res));
    }
  });

  it('an MT blacklist blocks the message with the list named and refunds its credits', async () => {
    const [list] = await t.sql(
      `insert into blacklists (account_id, blacklist_name, blacklist_type) values ($1, 'Do not text', 'MT') returning id`,
      [owner.accountId],
    );
    await t.sql(
      `insert into blacklist_entries (blacklist_id, account_id, kind, value) values ($1, $2, 'number', '+966500000041'), ($1, $2, 'keyword', 'casino')`,
      [list.id, owner.accountId],
    );
    const before = await balance();
    const r = json(await send({ recipients: { numbers: ['+966500000041', '+966500000042'] }, text: 'hello there' })).data;
    const k = json(await send({ recipients: { numbers: ['+966500000043'] }, text: 'Visit our Casino tonight' })).data;
    await waitFor(
      () => statuses(r.bulk_id),
      (s) => s.BLOCKED === 1 && s.DELIVERED === 1,
    );
    await waitFor(() => statuses(k.bulk_id), allIn('BLOCKED', 1));
    const [m] = await t.sql(`select blocked_by, credits from messages where bulk_id = $1 and status = 'BLOCKED'`, [r.bulk_id]);
    expect(m).toEqual({ blocked_by: 'Do not text', credits: 0 });
    expect(await balance()).toBe(before - 1);
    await t.sql('delete from blacklists where id = $1', [list.id]);
  });

  it('a STOP reply turns the customer’s SMS consent off', async () => {
    const [c] = await t.sql(
      `insert into customers (account_id, first_name, mobile_number, consent_sms, consent_sms_source) values ($1, 'Huda', '+966500000051', true, 'import') returning id`,
      [owner.accountId],
    );
    expect(smsc.sendMo('966500000051', 'Risala', '  Stop ')).toBe(true);
    expect(smsc.sendMo('966500000052', 'Risala', 'hello')).toBe(true);
    const [after] = await waitFor(
      () => t.sql('select consent_sms, consent_sms_source, consent_sms_at from customers where id = $1', [c.id]),
      (rows) => rows[0].consent_sms === false,
    );
    expect(after.consent_sms_source).toBe('sms_stop');
    expect(after.consent_sms_at).not.toBeNull();
    const inbound = await waitFor(
      () =>
        t.sql('select from_address, body, customer_id, action from inbound_messages where account_id = $1 order by id', [owner.accountId]),
      (rows) => rows.length === 2,
    );
    expect(inbound.find((i) => i.from_address === '+966500000051')).toMatchObject({
      from_address: '+966500000051',
      action: 'stop',
      customer_id: c.id,
    });
    expect(inbound.find((i) => i.from_address === '+966500000052')).toMatchObject({
      from_address: '+966500000052',
      body: 'hello',
      action: null,
      customer_id: null,
    });
  });
});

async function balance() {
  const [row] = await t.sql(`select balance::int from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]);
  return row.balance as number;
}
