/**
 * The SMPP server for clients on loopback, end to end: a client of the `smpp` package binds with
 * an API key of type SMPP, its submit_sm go through the product's send (credits, router queue,
 * the sandbox connection) to the SMSC simulator, and every delivery receipt comes back to it as
 * deliver_sm with the message id it was given. Bad credentials, another key type, throttling,
 * receipts kept while no receiver is bound, concatenation, address errors, the bind's audit.
 */
import type { Runner } from 'graphile-worker';
import smpp, { type PDU, type Session } from 'smpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESME } from '../../channels/sms/esme.ts';
import { startWorker } from '../../jobs/worker.ts';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp, waitFor } from '../../test/helper.ts';
import { type SmppServer, startSmppServer } from './index.ts';

let t: TestApp;
let smsc: SmscSimulator;
let worker: Runner;
let server: SmppServer;
let owner: { accountId: number; token: string };
let senderName: string;

async function createKey(body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: bearer(owner.token),
    payload: { name: `SMPP ${Math.random()}`, integration_type: 'smpp', scopes: ['sms:send'], rate_per_second: 1000, ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json(res).data as { key: { id: number; name: string }; client_id: string; password: string };
}

type BindCommand = 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver';

/** A connected client session and the status of its bind. */
async function bind(command: BindCommand, systemId: string, password: string): Promise<{ session: Session; status: number }> {
  const session = smpp.connect({ host: '127.0.0.1', port: server.port });
  session.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  const status = await new Promise<number>((resolve) =>
    session[command]({ system_id: systemId, password }, (pdu: PDU) => resolve(pdu.command_status)),
  );
  return { session, status };
}

const submit = (session: Session, fields: Record<string, unknown>) =>
  new Promise<PDU>((resolve) =>
    session.submit_sm({ source_addr: senderName, registered_delivery: 1, ...fields }, (pdu: PDU) => resolve(pdu)),
  );

const close = (session: Session) => new Promise<void>((resolve) => session.close(() => resolve()));

/** Receipts a session gets (answered OK), by receipted_message_id. */
function collectReceipts(session: Session) {
  const got = new Map<string, PDU>();
  session.on('deliver_sm', (pdu: PDU) => {
    session.send(pdu.response());
    if (pdu.esm_class & 0x04) got.set(String(pdu.receipted_message_id), pdu);
  });
  return got;
}

beforeAll(async () => {
  t = await createTestApp();
  smsc = await startSmscSimulator({ systemId: 'smppclient', password: 'secret1', receiptDelayMs: 10 });
  Object.assign(t.ctx.config.smsc, { port: smsc.port, systemId: 'smppclient', password: 'secret1' });
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, token: s.token };
  await t.sql(`update credits set balance = balance + 100000 where account_id = $1 and channel = 'sms'`, [owner.accountId]);
  const [sender] = await t.sql('select sender_id from sms_senders where account_id = $1 and is_default', [owner.accountId]);
  senderName = sender.sender_id;
  await t.ctx.sms.connections.reconcile();
  server = await startSmppServer(t.ctx, { host: '127.0.0.1', port: 0, maxBindsPerKey: 3, window: 200, idleSeconds: 60 });
});
afterAll(async () => {
  await server?.close();
  await worker?.stop();
  await t?.close();
  await smsc?.close();
});

describe('SMPP server for clients', () => {
  it('10,000 submit_sm from a transceiver bind reach the SMSC and every receipt comes back as deliver_sm', async () => {
    const TOTAL = 10_000;
    const WINDOW = 100;
    const key = await createKey();
    const { session, status } = await bind('bind_transceiver', key.client_id, key.password);
    expect(status).toBe(ESME.ESME_ROK);
    const receipts = collectReceipts(session);
    smsc.resetCounters();
    const ids = new Set<string>();
    let throttled = 0;
    let next = 0;
    const started = Date.now();
    // WINDOW submits in flight; a throttled one is sent again shortly after
    await Promise.all(
      Array.from({ length: WINDOW }, async () => {
        for (let i = next++; i < TOTAL; i = next++) {
          for (;;) {
            const resp = await submit(session, { destination_addr: `96657${String(i).padStart(7, '0')}`, short_message: `Code ${i}` });
            if (resp.command_status === ESME.ESME_RTHROTTLED) {
              throttled++;
              await new Promise((r) => setTimeout(r, 20));
              continue;
            }
            expect(resp.command_status).toBe(ESME.ESME_ROK);
            ids.add(resp.message_id);
            break;
          }
        }
      }),
    );
    expect(ids.size).toBe(TOTAL);
    // every receipt, with the id submit_sm_resp gave
    await waitFor(
      () => receipts.size,
      (n) => n >= TOTAL,
      60_000,
    );
    const seconds = (Date.now() - started) / 1000;
    expect([...receipts.keys()].every((id) => ids.has(id))).toBe(true);
    expect(smsc.counters.submitted).toBeGreaterThanOrEqual(TOTAL);
    const sample = receipts.values().next().value as PDU;
    expect(sample.message_state).toBe(2);
    const text = typeof sample.short_message === 'string' ? sample.short_message : sample.short_message.message;
    expect(text).toMatch(/^id:\d+ sub:001 dlvrd:001 submit date:\d{10} done date:\d{10} stat:DELIVRD err:000 text:Code \d+$/);
    expect(text.startsWith(`id:${sample.receipted_message_id} `)).toBe(true);
    const [{ n }] = await t.sql(
      `select count(*)::int as n from messages where account_id = $1 and status = 'DELIVERED' and body like 'Code %'`,
      [owner.accountId],
    );
    expect(n).toBe(TOTAL);
    await waitFor(
      () => t.sql('select count(*)::int as n from smpp_receipts where key_id = $1', [key.key.id]),
      (r) => r[0].n === 0,
    );
    console.info(`SMPP 10,000 round trip: ${seconds.toFixed(1)} s (${throttled} throttled and sent again)`);
    await close(session);
    // about 15 s on a quiet machine; the bound is for a loaded one
  }, 120_000);

  it('bad password, another key type, a revoked key → ESME_RBINDFAIL; the bind is audited with the key name', async () => {
    const key = await createKey();
    expect((await bind('bind_transceiver', key.client_id, 'wrong-password')).status).toBe(ESME.ESME_RBINDFAIL);
    expect((await bind('bind_transmitter', 'rk_aaaaaaaaaaaaaaaa', key.password)).status).toBe(ESME.ESME_RBINDFAIL);
    const rest = await createKey({ integration_type: 'rest' });
    expect((await bind('bind_transmitter', rest.client_id, rest.password)).status).toBe(ESME.ESME_RBINDFAIL);
    const allowList = await createKey({ ip_allow_list: ['203.0.113.0/24'] });
    expect((await bind('bind_transmitter', allowList.client_id, allowList.password)).status).toBe(ESME.ESME_RBINDFAIL);
    const ok = await bind('bind_transmitter', key.client_id, key.password);
    expect(ok.status).toBe(ESME.ESME_ROK);
    const [entry] = await waitFor(
      () =>
        t.sql(`select * from audit_log where account_id = $1 and action = 'smpp.bind' and actor_id::text = $2`, [
          owner.accountId,
          String(key.key.id),
        ]),
      (r) => r.length > 0,
    );
    expect(entry).toMatchObject({ actor_type: 'api_key', actor_label: key.key.name, ip: expect.stringContaining('127.0.0.1') });
    expect(JSON.stringify(entry)).not.toContain(key.password);
    const [used] = await t.sql('select last_used_at, last_used_ip from api_keys where id = $1', [key.key.id]);
    expect(used.last_used_at).not.toBeNull();
    // at most maxBindsPerKey (3) binds of one key
    const more = [await bind('bind_receiver', key.client_id, key.password), await bind('bind_receiver', key.client_id, key.password)];
    expect(more.map((m) => m.status)).toEqual([ESME.ESME_ROK, ESME.ESME_ROK]);
    expect((await bind('bind_receiver', key.client_id, key.password)).status).toBe(ESME.ESME_RBINDFAIL);
    await Promise.all([ok, ...more].map((m) => close(m.session)));
    await t.app.inject({ method: 'POST', url: `/api/api-keys/${key.key.id}/revoke`, headers: bearer(owner.token) });
    expect((await bind('bind_transmitter', key.client_id, key.password)).status).toBe(ESME.ESME_RBINDFAIL);
  });

  it("throttles at the key's rate with ESME_RTHROTTLED", async () => {
    const key = await createKey({ rate_per_second: 5 });
    const { session } = await bind('bind_transmitter', key.client_id, key.password);
    const resps = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(session, { destination_addr: `96658${String(i).padStart(7, '0')}`, short_message: 'rate' }),
      ),
    );
    const statuses = resps.map((r) => r.command_status);
    expect(statuses.filter((s) => s === ESME.ESME_ROK).length).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s === ESME.ESME_RTHROTTLED).length).toBeGreaterThanOrEqual(14);
    await close(session);
  });

  it('receipts wait in the database while no receiver is bound and come when one binds', async () => {
    const key = await createKey();
    const tx = await bind('bind_transmitter', key.client_id, key.password);
    const resps = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        submit(tx.session, { destination_addr: `96659${String(i).padStart(7, '0')}`, short_message: `Later ${i}` }),
      ),
    );
    expect(resps.every((r) => r.command_status === ESME.ESME_ROK)).toBe(true);
    // a transmitter gets no receipts: they wait
    const waiting = await waitFor(
      () => t.sql('select message_id::text as id from smpp_receipts where account_id = $1 and key_id = $2', [owner.accountId, key.key.id]),
      (r) => r.length === 5,
    );
    expect(new Set(waiting.map((r) => r.id))).toEqual(new Set(resps.map((r) => r.message_id)));
    const rx = await bind('bind_receiver', key.client_id, key.password);
    const got = collectReceipts(rx.session);
    // within a lease (30 s) even on a loaded machine: a receipt claimed in a round that raced the bind goes again after it
    await waitFor(
      () => got.size,
      (n) => n === 5,
      45_000,
    );
    expect(new Set(got.keys())).toEqual(new Set(resps.map((r) => r.message_id)));
    await waitFor(
      () => t.sql('select 1 from smpp_receipts where key_id = $1', [key.key.id]),
      (r) => r.length === 0,
    );
    await Promise.all([close(tx.session), close(rx.session)]);
  }, 90_000);

  it('concatenated parts become one message; bad addresses and unknown senders are refused with their codes', async () => {
    const key = await createKey();
    const { session } = await bind('bind_transceiver', key.client_id, key.password);
    const got = collectReceipts(session);
    const whole = 'A'.repeat(153) + 'B'.repeat(50);
    const udh = (seq: number) => Buffer.from([0x05, 0x00, 0x03, 0x2a, 2, seq]);
    const p1 = await submit(session, {
      destination_addr: '966590000100',
      esm_class: 0x40,
      short_message: { udh: udh(1), message: whole.slice(0, 153) },
    });
    const p2 = await submit(session, {
      destination_addr: '966590000100',
      esm_class: 0x40,
      short_message: { udh: udh(2), message: whole.slice(153) },
    });
    expect(p1.command_status).toBe(ESME.ESME_ROK);
    expect(p2.command_status).toBe(ESME.ESME_ROK);
    expect(p1.message_id).toMatch(/^p/);
    const [m] = await t.sql('select body, parts, recipient from messages where account_id = $1 and id = $2', [
      owner.accountId,
      p2.message_id,
    ]);
    expect(m).toMatchObject({ body: whole, parts: 2, recipient: '+966590000100' });
    await waitFor(
      () => got.has(p2.message_id),
      (v) => v,
    );
    // message_payload instead of short_message
    const long = await submit(session, { destination_addr: '966590000101', message_payload: 'payload text' });
    expect(long.command_status).toBe(ESME.ESME_ROK);
    const bad = await submit(session, { destination_addr: 'not-a-number', short_message: 'x' });
    expect(bad.command_status).toBe(ESME.ESME_RINVDSTADR);
    const unknown = await submit(session, { source_addr: 'NotMine', destination_addr: '966590000102', short_message: 'x' });
    expect(unknown.command_status).toBe(ESME.ESME_RINVSRCADR);
    await close(session);
  });

  it('no credits → ESME_RSUBMITFAIL, nothing written', async () => {
    const key = await createKey();
    const { session } = await bind('bind_transmitter', key.client_id, key.password);
    const [{ balance }] = await t.sql(`select balance from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]);
    await t.sql(`update credits set balance = 0 where account_id = $1 and channel = 'sms'`, [owner.accountId]);
    try {
      const r = await submit(session, { destination_addr: '966590000200', short_message: 'no credits' });
      expect(r.command_status).toBe(ESME.ESME_RSUBMITFAIL);
      expect(await t.sql(`select 1 from messages where account_id = $1 and body = 'no credits'`, [owner.accountId])).toHaveLength(0);
    } finally {
      await t.sql(`update credits set balance = $2 where account_id = $1 and channel = 'sms'`, [owner.accountId, balance]);
    }
    await close(session);
  });
});
