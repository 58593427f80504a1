/**
 * WhatsApp through the one pipeline, over real sockets: API send → router → filter → the WhatsApp
 * driver → the Cloud API simulator on loopback → signed status webhooks back to the listening app;
 * inbound customer messages (window, STOP, auto-reply, MO blacklist) from the simulator too.
 */
import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import type { AddressInfo } from 'node:net';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { signWebhook, startWhatsAppCloudSimulator, type WhatsAppCloudSimulator } from '../../sandbox/whatsapp-cloud.ts';
import { bearer, createTestApp, json, signUpCast, type Cast, type TestApp, timelineOf } from '../../test/helper.ts';
import { waTemplate } from '../whatsapp/whatsapp.fixtures.ts';

const SECRET = 'pipeline-app-secret-0123456789';
let t: TestApp;
let sim: WhatsAppCloudSimulator;
let worker: Runner;
let cast: Cast;
let auth: Record<string, string>;
let webhookUrl: string;
let sender: { id: number; phone_number_id: string; phone_number: string };
let templateId: number;

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await fn();
  while (!ok(v)) {
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
    v = await fn();
  }
  return v;
}

const post = (url: string, payload: unknown, headers = auth) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const message = async (bulkId: string) => (await t.sql('select * from messages where bulk_id = $1 order by id', [bulkId]))[0];
const eventsOf = async (id: number) => (await timelineOf(t, auth, id)).map((e) => e.event);
/** what the webhooks recorded (the timeline adds SENT from sent_at) */
const storedEvents = async (id: number) =>
  (await t.sql('select event from message_events where message_id = $1 order by id', [id])).map((e) => e.event);
const untilStatus = (bulkId: string, status: string) =>
  waitFor(
    () => message(bulkId),
    (m) => m?.status === status,
  );
const inbound = async (from: string) => t.sql('select * from inbound_messages where from_address = $1 order by id', [from]);

function signedPost(raw: string, signature: string | null = signWebhook(SECRET, raw)) {
  return fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body: raw,
  });
}
const statusPayload = (statuses: { id: string; status: string; ts?: number; errors?: unknown[] }[]) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: sender.phone_number_id },
              statuses: statuses.map((s) => ({
                id: s.id,
                status: s.status,
                timestamp: String(s.ts ?? Math.floor(Date.now() / 1000)),
                recipient_id: '966500000000',
                ...(s.errors ? { errors: s.errors } : {}),
              })),
            },
          },
        ],
      },
    ],
  });

async function insertSent(wamid: string) {
  const [row] = await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body, provider_message_id, sent_at)
     values ($1, 'whatsapp', 'SENT', 'done', $2, '+966500000000', 'hi', $2, now()) returning id`,
    [cast.owner.accountId, wamid],
  );
  return row.id as number;
}

beforeAll(async () => {
  sim = await startWhatsAppCloudSimulator({ appSecret: SECRET, decisionMs: 50, statusDelaysMs: [50, 150, 300] });
  t = await createTestApp({ WHATSAPP_APP_SECRET: SECRET });
  t.ctx.config.whatsapp.apiBase = sim.url; // what main.ts does for the sandbox
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/whatsapp`;
  sim.setWebhookUrl(webhookUrl);
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  cast = await signUpCast(t);
  auth = bearer(cast.owner.token);
  [sender] = await t.sql('select id, phone_number_id, phone_number from whatsapp_senders where account_id = $1', [cast.owner.accountId]);
  // an approved template: created, submitted to the simulator, approved by its signed webhook
  templateId = json(await post('/api/whatsapp/templates', waTemplate({ name: 'order_ready' }))).data.id;
  expect((await post(`/api/whatsapp/templates/${templateId}/submit`, {})).statusCode).toBe(200);
  await waitFor(
    () => t.sql('select status from whatsapp_templates where id = $1', [templateId]),
    (r) => r[0]?.status === 'APPROVED',
  );
});
afterAll(async () => {
  await worker?.stop();
  await sim?.close();
  await t?.close();
});

describe('template messages', () => {
  it('SENT → DELIVERED → READ from signed webhooks, with the timeline and one credit', async () => {
    const res = await post('/api/messages/whatsapp', {
      recipients: { numbers: ['+966500000101'] },
      whatsapp_template_id: templateId,
      params: ['Sara', '#1042'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = json(res).data;
    expect(r).toMatchObject({ accepted: 1, credits: 1, balance: 999 });
    const m = await untilStatus(r.bulk_id, 'READ');
    expect(m.body).toBe('Hi Sara, your order #1042 ships today.');
    expect(m.provider_message_id).toMatch(/^wamid\./);
    expect(m.delivered_at).toBeTruthy();
    expect(m.read_at).toBeTruthy();
    expect(await eventsOf(m.id)).toEqual(['QUEUED', 'SENT', 'DELIVERED', 'READ']);
    const analytics = await t.app.inject({ method: 'GET', url: '/api/whatsapp/sender/analytics', headers: auth });
    expect(json(analytics).data.messages).toMatchObject({ READ: 1 });
  });

  it('an unreachable number: sent, then failed with Meta reason', async () => {
    const r = json(
      await post('/api/messages/whatsapp', {
        recipients: { numbers: ['+966500010000'] },
        whatsapp_template_id: templateId,
        params: ['A', 'B'],
      }),
    ).data;
    const m = await untilStatus(r.bulk_id, 'FAILED');
    expect(m.error_code).toBe('WA_131026');
    expect(readable(m.error_message, 'en')).toBe('The number is not on WhatsApp, or cannot receive this message');
  });

  it('a template Meta does not know fails at once with the readable reason (permanent, no retry)', async () => {
    const draft = json(await post('/api/whatsapp/templates', waTemplate({ name: 'never_submitted' }))).data.id;
    await t.sql(`update whatsapp_templates set status = 'APPROVED' where id = $1`, [draft]);
    const r = json(
      await post('/api/messages/whatsapp', { recipients: { numbers: ['+966500000102'] }, whatsapp_template_id: draft, params: ['A', 'B'] }),
    ).data;
    const m = await untilStatus(r.bulk_id, 'FAILED');
    expect(m.error_code).toBe('WHATSAPP_API_ERROR');
    expect(readable(m.error_message, 'en')).toContain('132001');
    expect(m.retries).toBe(0);
  });
});

describe('status webhooks', () => {
  it('are out-of-order safe and idempotent: read, sent, delivered, read again, failed → READ with two events', async () => {
    const id = await insertSent('wamid.ooo-1');
    const now = Math.floor(Date.now() / 1000);
    for (const status of ['read', 'sent', 'delivered', 'read']) {
      expect((await signedPost(statusPayload([{ id: 'wamid.ooo-1', status, ts: now }]))).status).toBe(200);
    }
    await signedPost(statusPayload([{ id: 'wamid.ooo-1', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }]));
    const [m] = await t.sql('select * from messages where id = $1', [id]);
    expect(m.status).toBe('READ');
    expect(m.delivered_at).toBeTruthy();
    expect(m.failed_at).toBeNull();
    expect(await storedEvents(id)).toEqual(['READ', 'DELIVERED']);
  });

  it('one webhook carrying sent, delivered and read ends at READ; a late delivered after FAILED changes nothing', async () => {
    const a = await insertSent('wamid.batch-1');
    await signedPost(statusPayload(['read', 'delivered', 'sent'].map((status) => ({ id: 'wamid.batch-1', status }))));
    expect((await t.sql('select status from messages where id = $1', [a]))[0].status).toBe('READ');
    const b = await insertSent('wamid.fail-1');
    await signedPost(
      statusPayload([
        {
          id: 'wamid.fail-1',
          status: 'failed',
          errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'not on WhatsApp' } }],
        },
      ]),
    );
    await signedPost(statusPayload([{ id: 'wamid.fail-1', status: 'delivered' }]));
    const [m] = await t.sql('select * from messages where id = $1', [b]);
    expect(m).toMatchObject({ status: 'FAILED', error_code: 'WA_131026', delivered_at: null });
    // Meta's best-known failure in our words, in the reader's language
    expect(readable(m.error_message, 'en')).toBe('The number is not on WhatsApp, or cannot receive this message');
    expect(readable(m.error_message, 'ar')).toBe('الرقم غير مسجّل في واتساب، أو لا يستطيع استقبال هذه الرسالة');
  });

  it('refuses forged and unsigned webhooks (401 WEBHOOK_SIGNATURE_INVALID) and changes nothing', async () => {
    const id = await insertSent('wamid.forged-1');
    const raw = statusPayload([{ id: 'wamid.forged-1', status: 'read' }]);
    const forged = await signedPost(raw, signWebhook('not-the-app-secret-at-all', raw));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await signedPost(raw, null)).status).toBe(401);
    const tampered = await signedPost(raw.replace('read', 'sent'), signWebhook(SECRET, raw));
    expect(tampered.status).toBe(401);
    expect((await t.sql('select status from messages where id = $1', [id]))[0].status).toBe('SENT');
  });

  it("a sender's own app secret vouches for its own number only, and only within its account", async () => {
    const own = 'own-meta-app-secret-0123456789';
    await t.sql(
      `insert into whatsapp_senders (account_id, display_name, phone_number, phone_number_id, business_account_id, app_secret_enc, status, setup_completed_at)
       values ($1, 'Own app', '+15550009999', 'own-phone-1', 'own-waba', $2, 'ACTIVE', now())`,
      [cast.owner.accountId, encryptSecret(t.ctx.config.encryptionKey, own)],
    );
    const mine = await insertSent('wamid.own-1');
    const [theirs] = await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body, provider_message_id, sent_at)
       values ($1, 'whatsapp', 'SENT', 'done', 'x', '+966500000000', 'hi', 'wamid.theirs-1', now()) returning id`,
      [cast.stranger.accountId],
    );
    const onOwn = (ids: string[]) =>
      statusPayload(ids.map((id) => ({ id, status: 'delivered' }))).replace(
        `"phone_number_id":"${sender.phone_number_id}"`,
        '"phone_number_id":"own-phone-1"',
      );
    const raw = onOwn(['wamid.own-1', 'wamid.theirs-1']);
    const res = await signedPost(raw, signWebhook(own, raw));
    expect(res.status).toBe(200);
    await waitFor(
      async () => (await t.sql('select status from messages where id = $1', [mine]))[0].status,
      (st) => st === 'DELIVERED',
    );
    // another account's message named under this number is not touched
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.sql('select status from messages where id = $1', [theirs.id]))[0].status).toBe('SENT');
    // the same secret cannot speak for another sender's number (the sandbox sender here)
    const other = statusPayload([{ id: 'wamid.own-1', status: 'read' }]);
    expect((await signedPost(other, signWebhook(own, other))).status).toBe(401);
  });
});

describe('the 24-hour window', () => {
  it('free text outside the window: NOT_ALLOWED (no credit) in bulk, 409 on send-message', async () => {
    // the estimate says so before anything is sent
    const est = json(
      await post('/api/messages/whatsapp/estimate', { recipients: { numbers: ['+966500000201'] }, text: 'Are you there?' }),
    ).data;
    expect(est).toMatchObject({ accepted: 0, credits: 0, not_allowed: 1 });
    const res = await post('/api/messages/whatsapp', { recipients: { numbers: ['+966500000201'] }, text: 'Are you there?' });
    expect(res.statusCode, res.body).toBe(201);
    const r = json(res).data;
    expect(r).toMatchObject({ accepted: 0, credits: 0, not_allowed: 1 });
    const m = await message(r.bulk_id);
    expect(m).toMatchObject({ status: 'NOT_ALLOWED', error_code: 'WHATSAPP_WINDOW_CLOSED', credits: 0 });
    // its reason, in the drawer and the timeline, reads in the reader's language
    const ar = json(
      await t.app.inject({ method: 'GET', url: `/api/messages/${m.id}`, headers: { ...auth, 'accept-language': 'ar' } }),
    ).data;
    expect(ar.error_message).toMatch(/[\u0600-\u06FF]/);
    expect(ar.events.find((e: { event: string }) => e.event === 'NOT_ALLOWED')?.detail).toMatch(/[\u0600-\u06FF]/);
    const single = await post('/api/whatsapp/sender/send-message', { to: '+966500000201', text: 'Hello?' });
    expect(single.statusCode).toBe(409);
    expect(json(single).code).toBe('WHATSAPP_WINDOW_CLOSED');
  });

  it('inside the window (after the customer wrote) free text goes out and turns READ', async () => {
    // the sandbox-only route: the simulator plays the customer writing to the account's number
    const hi = await post('/api/whatsapp/sender/sandbox-inbound', { from: '+966500000202', text: 'Hi, is my order ready?' });
    expect(hi.statusCode, hi.body).toBe(202);
    expect((await post('/api/whatsapp/sender/sandbox-inbound', { from: 'x', text: 'y' })).statusCode).toBe(400);
    await waitFor(
      () => inbound('+966500000202'),
      (rows) => rows.length === 1,
    );
    const res = await post('/api/whatsapp/sender/send-message', { to: '+966500000202', text: 'Yes, it ships today.' });
    expect(res.statusCode, res.body).toBe(201);
    const r = json(res).data;
    expect(r.message_id).toBeGreaterThan(0);
    const m = await untilStatus(r.bulk_id, 'READ');
    expect(m.body).toBe('Yes, it ships today.');
  });
});

describe('inbound messages', () => {
  it('STOP turns the customer consent off (source whatsapp_stop); later sends skip them', async () => {
    const [c] = await t.sql(
      `insert into customers (account_id, first_name, mobile_number, consent_whatsapp) values ($1, 'Omar', '+966500000301', true) returning id`,
      [cast.owner.accountId],
    );
    await sim.deliverInbound({ phone_number_id: sender.phone_number_id, from: '966500000301', text: ' إيقاف ' });
    const [row] = await waitFor(
      () => inbound('+966500000301'),
      (rows) => rows.length === 1,
    );
    expect(row).toMatchObject({ action: 'stop', customer_id: c.id, channel: 'whatsapp', to_address: sender.phone_number });
    const [after] = await t.sql('select consent_whatsapp, consent_whatsapp_source, last_inbound_at from customers where id = $1', [c.id]);
    expect(after).toMatchObject({ consent_whatsapp: false, consent_whatsapp_source: 'whatsapp_stop' });
    expect(after.last_inbound_at).toBeTruthy();
    const r = json(
      await post('/api/messages/whatsapp', {
        recipients: { customer_ids: [c.id], numbers: ['+966500000301'] },
        whatsapp_template_id: templateId,
        params: ['A', 'B'],
      }),
    ).data;
    expect(r).toMatchObject({ accepted: 0, skipped: { no_consent: 1, duplicate: 1 } });
  });

  it('the sender auto-reply goes back through the pipeline', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/whatsapp/sender/${sender.id}/auto-reply`,
      headers: auth,
      payload: {
        enabled: true,
        rules: [{ keyword: 'hours', match: 'contains', reply: 'We open at 9.' }],
        away: { enabled: false, text: '' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await sim.deliverInbound({ phone_number_id: sender.phone_number_id, from: '966500000401', text: 'What are your HOURS?' });
    const [row] = await waitFor(
      () => inbound('+966500000401'),
      (rows) => rows.length === 1,
    );
    expect(row.action).toBe('auto_reply');
    const reply = await waitFor(
      async () => (await t.sql(`select * from messages where recipient = '+966500000401' and account_id = $1`, [cast.owner.accountId]))[0],
      (m) => m?.status === 'READ',
    );
    expect(reply).toMatchObject({ body: 'We open at 9.', channel: 'whatsapp', whatsapp_sender_id: sender.id, credits: 1 });
  });

  it('an MO blacklist blocks the message: stored as blocked, no auto-reply; a replayed webhook is stored once', async () => {
    const [bl] = await t.sql(
      `insert into blacklists (account_id, blacklist_name, blacklist_type) values ($1, 'Abusers', 'MO') returning id`,
      [cast.owner.accountId],
    );
    await t.sql(`insert into blacklist_entries (account_id, blacklist_id, kind, value) values ($1, $2, 'number', '+966500000501')`, [
      cast.owner.accountId,
      bl.id,
    ]);
    await sim.deliverInbound({ phone_number_id: sender.phone_number_id, from: '966500000501', text: 'hours?' });
    const [row] = await waitFor(
      () => inbound('+966500000501'),
      (rows) => rows.length === 1,
    );
    expect(row).toMatchObject({ action: 'blocked', blocked_by: 'Abusers' });
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: sender.phone_number_id },
                messages: [{ from: '966500000501', id: row.provider_message_id, timestamp: '1', type: 'text', text: { body: 'hours?' } }],
              },
            },
          ],
        },
      ],
    });
    expect((await signedPost(raw)).status).toBe(200);
    expect(await inbound('+966500000501')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.sql(`select 1 from messages where recipient = '+966500000501'`)).toHaveLength(0);
  });
});

describe('validation and access', () => {
  it('bad inputs answer 400 with field errors', async () => {
    const empty = await post('/api/messages/whatsapp', {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['recipients']));
    const noContent = await post('/api/messages/whatsapp', { recipients: { numbers: ['+966500000601'] } });
    expect(noContent.statusCode).toBe(400);
    expect(json(noContent).errors[0].field).toBe('text');
    const params = await post('/api/messages/whatsapp/estimate', {
      recipients: { numbers: ['+966500000601'] },
      whatsapp_template_id: templateId,
      params: ['only one'],
    });
    expect(params.statusCode).toBe(400);
    expect(json(params).errors[0]).toMatchObject({ field: 'params', message: 'whatsapp.send.paramsCount' });
    const to = await post('/api/whatsapp/sender/send-message', { to: '', text: 'x' });
    expect(to.statusCode).toBe(400);
    const badNumber = await post('/api/whatsapp/sender/send-message', {
      to: 'not a number',
      whatsapp_template_id: templateId,
      params: ['A', 'B'],
    });
    expect(badNumber.statusCode).toBe(400);
    expect(json(badNumber).errors[0].field).toBe('to');
  });

  it('the estimate counts without writing; a template not APPROVED is refused', async () => {
    const est = json(
      await post('/api/messages/whatsapp/estimate', {
        recipients: { numbers: ['+966500000701', '+966500000702', 'nope'] },
        whatsapp_template_id: templateId,
        params: ['A', 'B'],
      }),
    ).data;
    expect(est).toMatchObject({ bulk_id: null, accepted: 2, credits: 2, skipped: { invalid: 1 } });
    const draft = json(await post('/api/whatsapp/templates', waTemplate({ name: 'still_draft' }))).data.id;
    const res = await post('/api/messages/whatsapp', {
      recipients: { numbers: ['+966500000701'] },
      whatsapp_template_id: draft,
      params: ['A', 'B'],
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('TEMPLATE_NOT_APPROVED');
  });

  it("another account's template, sender, customer and group ids are 404; a viewer may not send", async () => {
    const other = bearer(cast.stranger.token);
    const [theirSender] = await t.sql('select id from whatsapp_senders where account_id = $1', [cast.stranger.accountId]);
    const [theirCustomer] = await t.sql(
      `insert into customers (account_id, mobile_number, consent_whatsapp) values ($1, '+966500000801', true) returning id`,
      [cast.stranger.accountId],
    );
    const base = { recipients: { numbers: ['+966500000801'] }, whatsapp_template_id: templateId, params: ['A', 'B'] };
    expect((await post('/api/messages/whatsapp', base, other)).statusCode).toBe(404);
    expect((await post('/api/messages/whatsapp', { ...base, whatsapp_sender_id: theirSender.id })).statusCode).toBe(404);
    expect((await post('/api/messages/whatsapp', { ...base, recipients: { customer_ids: [theirCustomer.id] } })).statusCode).toBe(404);
    expect((await post('/api/messages/whatsapp', { ...base, recipients: { group_ids: [999_999] } })).statusCode).toBe(404);
    expect((await post('/api/messages/whatsapp', base, bearer(cast.viewer.token))).statusCode).toBe(403);
  });
});
