/**
 * Email through the one pipeline with the real graphile worker: the sandbox sender to the real SMTP
 * sink, a tenant's SMTP relay (a loopback smtp-server that refuses some recipients), SendGrid's
 * Web API (a loopback HTTP server speaking v3 /mail/send) and its signed Event Webhook.
 */
import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Runner } from 'graphile-worker';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { releaseScheduled } from './pipeline/tasks.ts';
import {
  bearer,
  type Cast,
  createTestApp,
  json,
  mailsTo,
  signIn,
  signUp,
  signUpCast,
  type TestApp,
  waitForMails,
} from '../../test/helper.ts';

let t: TestApp;
let worker: Runner;
let cast: Cast;
let auth: Record<string, string>;
let relay: SMTPServer;
let relayPort: number;
const relayed: { to: string[]; raw: string }[] = [];
let relayConnections = 0;
let sg: Server;
const SG_KEY = 'SG.pipeline-key-0123456789';
const sgCalls: { body: any; id: string }[] = [];

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
const put = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const byBulk = (bulkId: string) => t.sql('select * from messages where bulk_id = $1 order by recipient', [bulkId]);
const untilAll = (bulkId: string, ok: (rows: any[]) => boolean) => waitFor(() => byBulk(bulkId), ok);

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, cb) {
      relayConnections++;
      cb();
    },
    onRcptTo(addr, _session, cb) {
      if (addr.address.startsWith('nobody'))
        return cb(
          Object.assign(new Error('5.1.1 <nobody@customer.example>: Recipient address rejected: User unknown'), { responseCode: 550 }),
        );
      if (addr.address.startsWith('greylisted'))
        return cb(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 451 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        relayed.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
  relayPort = (relay.server.address() as AddressInfo).port;
  sg = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (req.headers.authorization !== `Bearer ${SG_KEY}`) return res.writeHead(401).end();
      const to = body.personalizations?.[0]?.to?.[0]?.email as string;
      if (to.startsWith('invalid')) {
        return res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errors: [{ message: 'Does not contain a valid address.' }] }));
      }
      const id = randomBytes(11).toString('base64url');
      sgCalls.push({ body, id });
      res.writeHead(202, { 'x-message-id': id }).end();
    });
  });
  await new Promise<void>((r) => sg.listen(0, '127.0.0.1', () => r()));
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', SENDGRID_API_BASE: `http://127.0.0.1:${(sg.address() as AddressInfo).port}` });
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  cast = await signUpCast(t);
  auth = bearer(cast.owner.token);
});
afterAll(async () => {
  await worker?.stop();
  t?.ctx.smtp.close();
  await t?.close();
  await new Promise((r) => relay?.close(() => r(null)));
  await new Promise((r) => sg?.close(r));
});

/** A fresh account whose email sender is configured through the API and then verified. */
async function accountWith(config: Record<string, unknown>) {
  const a = await signUp(t);
  const headers = bearer((await signIn(t, a.email)).token);
  const res = await put('/api/sender-management/email/config', config, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { headers, senderId: json(res).data.id as number };
}
const verify = (senderId: number) =>
  t.sql(`update email_senders set status = 'ACTIVE', verified_at = now(), updated_at = now() where id = $1`, [senderId]);

describe('the sandbox sender → SMTP sink', () => {
  it('sends html + text with personalisation (values escaped in html), one credit each', async () => {
    const [c] = await t.sql(
      `insert into customers (account_id, first_name, email, consent_email) values ($1, '<b>Sara</b>', 'sara@customer.example', true) returning id`,
      [cast.owner.accountId],
    );
    const res = await post('/api/messages/email', {
      recipients: { customer_ids: [c.id], emails: ['guest@customer.example', 'GUEST@customer.example'] },
      subject: 'Hello {{first_name|friend}}',
      html: '<p>Dear {{first_name|friend}}, welcome.</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = json(res).data;
    expect(r).toMatchObject({ accepted: 2, credits: 2, balance: 9998, skipped: { duplicate: 1 } });
    const rows = await untilAll(r.bulk_id, (rs) => rs.every((m) => m.status === 'SENT'));
    expect(rows.map((m) => m.provider_message_id).every(Boolean)).toBe(true);
    const [mail] = await waitForMails(t, 'sara@customer.example', 1);
    expect(mail.subject).toBe('Hello <b>Sara</b>');
    expect(mail.html).toContain('Dear &lt;b&gt;Sara&lt;/b&gt;, welcome.');
    expect(mail.text).toContain('Dear <b>Sara</b>, welcome.');
    expect((await waitForMails(t, 'guest@customer.example', 1))[0].subject).toBe('Hello friend');
  });

  it('an APPROVED email template is rendered per recipient; a draft is refused; consent is required', async () => {
    const [tpl] = await t.sql(
      `insert into templates (account_id, template_name, message_type, subject, template_text, html, status)
       values ($1, 'Welcome mail', 'email', 'Welcome {{first_name}}', 'Hi {{first_name}}', '<p>Hi {{first_name}}</p>', 'APPROVED') returning id`,
      [cast.owner.accountId],
    );
    const [c] = await t.sql(
      `insert into customers (account_id, first_name, email, consent_email) values ($1, 'Lina', 'lina@customer.example', true) returning id`,
      [cast.owner.accountId],
    );
    const [no] = await t.sql(`insert into customers (account_id, email) values ($1, 'noconsent@customer.example') returning id`, [
      cast.owner.accountId,
    ]);
    const r = json(await post('/api/messages/email', { recipients: { customer_ids: [c.id, no.id] }, template_id: tpl.id })).data;
    expect(r).toMatchObject({ accepted: 1, skipped: { no_consent: 1 } });
    const [mail] = await waitForMails(t, 'lina@customer.example', 1);
    expect(mail.subject).toBe('Welcome Lina');
    expect(mail.html).toContain('Hi Lina');
    await t.sql(`update templates set status = 'DRAFT' where id = $1`, [tpl.id]);
    const draft = await post('/api/messages/email', { recipients: { customer_ids: [c.id] }, template_id: tpl.id });
    expect(draft.statusCode).toBe(409);
    expect(json(draft).code).toBe('TEMPLATE_NOT_APPROVED');
  });
});

describe('scheduled email', () => {
  it('waits SCHEDULED with its release job, then goes out when released', async () => {
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await post('/api/messages/email', {
      recipients: { emails: ['later@customer.example'] },
      subject: 'Later',
      text: 'Scheduled',
      schedule_at: at,
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = json(res).data;
    expect(r.scheduled_at).toBe(at);
    const [m] = await byBulk(r.bulk_id);
    expect(m.status).toBe('SCHEDULED');
    const jobs = await t.sql(`select run_at from graphile_worker.jobs where key = $1`, [`release:${r.bulk_id}`]);
    expect(new Date(jobs[0].run_at).toISOString()).toBe(at);
    await releaseScheduled(t.ctx, { account_id: cast.owner.accountId, bulk_id: r.bulk_id });
    await untilAll(r.bulk_id, (rs) => rs[0].status === 'SENT');
    expect((await waitForMails(t, 'later@customer.example', 1))[0].subject).toBe('Later');
  });
});

describe('an SMTP relay (pooled)', () => {
  it('delivers through the relay; 5xx → FAILED with the server reason; 4xx → retried', async () => {
    const { headers, senderId } = await accountWith({
      provider: 'smtp',
      from_name: 'Acme',
      from_email: 'news@acme.example',
      smtp_host: '127.0.0.1',
      smtp_port: relayPort,
      smtp_security: 'none',
    });
    const unverified = await post(
      '/api/messages/email',
      { recipients: { emails: ['x@customer.example'] }, subject: 'S', text: 'T' },
      headers,
    );
    expect(unverified.statusCode).toBe(409);
    expect(json(unverified).code).toBe('EMAIL_SENDER_NOT_VERIFIED');
    await verify(senderId);
    const res = await post(
      '/api/messages/email',
      {
        recipients: { emails: ['ok1@customer.example', 'ok2@customer.example', 'nobody@customer.example', 'greylisted@customer.example'] },
        subject: 'Relay',
        text: 'Via the relay',
      },
      headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    const bulk = json(res).data.bulk_id;
    const rows = await untilAll(
      bulk,
      (rs) => rs.filter((m) => m.status === 'SENT').length === 2 && rs.some((m) => m.status === 'FAILED') && rs.some((m) => m.retries > 0),
    );
    const by = Object.fromEntries(rows.map((m) => [m.recipient.split('@')[0], m]));
    expect(by.nobody).toMatchObject({ status: 'FAILED', error_code: 'SMTP_550' });
    expect(readable(by.nobody.error_message, 'en')).toContain('User unknown');
    expect(by.greylisted.status).toBe('QUEUED');
    const events = await t.sql('select event, detail from message_events where message_id = $1', [by.greylisted.id]);
    expect(readable(events.find((e) => e.event === 'RETRY')?.detail ?? null, 'en')).toContain('Greylisted');
    const mail = relayed.find((m) => m.to.includes('ok1@customer.example'));
    expect(mail?.raw).toContain('Subject: Relay');
    expect(mail?.raw).toContain(`Message-ID: ${by.ok1.provider_message_id}`);

    // the pooled transport is reused across sends, and made again once the sender changes
    const before = relayConnections;
    for (const n of [0, 1]) {
      const emails = Array.from({ length: 20 }, (_, i) => `pool${n}-${i}@customer.example`);
      const b = json(await post('/api/messages/email', { recipients: { emails }, subject: 'Pool', text: 'x' }, headers)).data.bulk_id;
      await untilAll(b, (rs) => rs.every((m) => m.status === 'SENT'));
    }
    expect(relayConnections - before).toBeLessThanOrEqual(5);
    const reused = relayConnections;
    await t.sql('update email_senders set updated_at = now() where id = $1', [senderId]);
    const again = json(
      await post('/api/messages/email', { recipients: { emails: ['after-change@customer.example'] }, subject: 'Pool', text: 'x' }, headers),
    ).data.bulk_id;
    await untilAll(again, (rs) => rs[0].status === 'SENT');
    expect(relayConnections).toBeGreaterThan(reused);
  });
});

describe('SendGrid', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const webhookKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

  it('sends through /v3/mail/send; events: delivered+open → READ, bounce → FAILED with reason; 4xx → FAILED', async () => {
    const { headers, senderId } = await accountWith({
      provider: 'sendgrid',
      from_name: 'Acme',
      from_email: 'news@acme.example',
      sendgrid_api_key: SG_KEY,
      sendgrid_webhook_key: webhookKey,
    });
    await verify(senderId);
    const res = await post(
      '/api/messages/email',
      {
        recipients: { emails: ['read@customer.example', 'bounced@customer.example', 'invalid@customer.example'] },
        subject: 'SG',
        html: '<p>Hi</p>',
      },
      headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    const bulk = json(res).data.bulk_id;
    let rows = await untilAll(bulk, (rs) => rs.every((m) => ['SENT', 'FAILED'].includes(m.status)));
    const by = () => Object.fromEntries(rows.map((m) => [m.recipient.split('@')[0], m]));
    expect(by().invalid).toMatchObject({ status: 'FAILED', error_code: 'SENDGRID_400' });
    expect(readable(by().invalid.error_message, 'en')).toBe(
      'SendGrid refused the message (HTTP 400). The server answered: \u2068Does not contain a valid address.\u2069',
    );
    const call = sgCalls.find((c) => c.id === by().read.provider_message_id);
    // the HTML part is the sanitised, inlined document a template would send
    expect(call?.body.content).toEqual([
      { type: 'text/plain', value: 'Hi' },
      { type: 'text/html', value: expect.stringMatching(/^<!doctype html><html dir="ltr">.*<body[^>]*><p>Hi<\/p><\/body><\/html>$/) },
    ]);

    const now = Math.floor(Date.now() / 1000);
    const ev = (event: string, who: string, extra = {}) => ({
      event,
      email: `${who}@customer.example`,
      timestamp: now,
      sg_message_id: `${by()[who].provider_message_id}.filterdrecv-1`,
      ...extra,
    });
    const raw = JSON.stringify([
      ev('open', 'read'),
      ev('delivered', 'read'),
      ev('bounce', 'bounced', { reason: '550 5.1.1 The email account does not exist' }),
      ev('delivered', 'bounced'),
    ]);
    const ts = String(now);
    const post2 = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/sender-management/email/webhook-events/${senderId}`,
        headers: {
          'content-type': 'application/json',
          'x-twilio-email-event-webhook-signature': signature,
          'x-twilio-email-event-webhook-timestamp': ts,
        },
        payload: raw,
      });
    const forged = await post2(
      sign('sha256', Buffer.from(ts + raw), generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey).toString('base64'),
    );
    expect(forged.statusCode).toBe(401);
    expect((await post2(sign('sha256', Buffer.from(ts + raw), privateKey).toString('base64'))).statusCode).toBe(200);
    rows = await byBulk(bulk);
    expect(by().read).toMatchObject({ status: 'READ' });
    expect(by().read.delivered_at).toBeTruthy();
    expect(by().bounced).toMatchObject({ status: 'FAILED', error_code: 'EMAIL_BOUNCE', delivered_at: null });
    expect(readable(by().bounced.error_message, 'en')).toBe(
      'The receiving mail server bounced it: 550 5.1.1 The email account does not exist',
    );
  });
});

describe('validation and access', () => {
  it('bad inputs answer 400 with field errors', async () => {
    const empty = await post('/api/messages/email', {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['recipients']));
    const noSubject = await post('/api/messages/email', { recipients: { emails: ['a@customer.example'] }, text: 'x' });
    expect(noSubject.statusCode).toBe(400);
    expect(json(noSubject).errors[0].field).toBe('subject');
    const badEmail = await post('/api/messages/email/estimate', { recipients: { emails: ['not-an-email'] }, subject: 'S', text: 'T' });
    expect(badEmail.statusCode).toBe(400);
    expect(json(badEmail).errors[0].field).toMatch(/^recipients\.emails/);
  });

  it("another account's customer, template and sender ids are 404; a viewer may not send", async () => {
    const [theirs] = await t.sql(
      `insert into customers (account_id, email, consent_email) values ($1, 'theirs@customer.example', true) returning id`,
      [cast.stranger.accountId],
    );
    const [theirSender] = await t.sql('select id from email_senders where account_id = $1', [cast.stranger.accountId]);
    const [theirTpl] = await t.sql(
      `insert into templates (account_id, template_name, message_type, subject, template_text, status) values ($1, 'Theirs', 'email', 'S', 'T', 'APPROVED') returning id`,
      [cast.stranger.accountId],
    );
    const base = { recipients: { emails: ['a@customer.example'] }, subject: 'S', text: 'T' };
    expect((await post('/api/messages/email', { ...base, recipients: { customer_ids: [theirs.id] } })).statusCode).toBe(404);
    expect((await post('/api/messages/email', { ...base, email_sender_id: theirSender.id })).statusCode).toBe(404);
    expect((await post('/api/messages/email', { recipients: base.recipients, template_id: theirTpl.id })).statusCode).toBe(404);
    expect((await post('/api/messages/email', base, bearer(cast.viewer.token))).statusCode).toBe(403);
    expect(await mailsTo(t, 'theirs@customer.example')).toHaveLength(0);
  });
});
