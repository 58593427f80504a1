import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../lib/crypto.ts';
import { addUserToAccount, bearer, createTestApp, signIn, signUp, type TestApp, waitForMails } from '../../test/helper.ts';

const BASE = '/api/sender-management/email';
let t: TestApp;
let auth: Record<string, string>;
let other: Record<string, string>;
let marketer: Record<string, string>;
let accountId: number;

// a loopback HTTP server speaking SendGrid's v3 /mail/send
const SG_KEY = 'SG.test-key-0123456789';
const sgCalls: { auth: string | undefined; body: any }[] = [];
let sg: Server;
// a real loopback SMTP relay that requires a login
const relayMails: { user?: string; pass?: string; from: string; to: string[]; subject: string }[] = [];
let relay: SMTPServer;
let relayPort: number;

beforeAll(async () => {
  sg = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      sgCalls.push({ auth: req.headers.authorization, body });
      if (req.url !== '/v3/mail/send' || req.method !== 'POST') return res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${SG_KEY}`) {
        return res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked' }] }));
      }
      res.writeHead(202, { 'x-message-id': 'sg-msg-1' }).end();
    });
  });
  await new Promise<void>((r) => sg.listen(0, '127.0.0.1', () => r()));
  relay = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(a, _session, cb) {
      if (a.username === 'relay-user' && a.password === 'relay-pass-123') return cb(null, { user: a.username });
      cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((m) => {
          relayMails.push({
            user: String(session.user),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? '',
          });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
  relayPort = (relay.server.address() as AddressInfo).port;
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', SENDGRID_API_BASE: `http://127.0.0.1:${(sg.address() as AddressInfo).port}` });
  const owner = await signUp(t);
  auth = bearer((await signIn(t, owner.email)).token);
  accountId = (await t.sql('select account_id from users where id = $1', [owner.userId]))[0].account_id;
  other = bearer((await signIn(t, (await signUp(t)).email)).token);
  marketer = bearer((await signIn(t, (await addUserToAccount(t, accountId, 'marketer')).email)).token);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => sg?.close(r));
  await new Promise((r) => relay?.close(() => r(null)));
});

const put = (url: string, payload: unknown, headers = auth) =>
  t.app.inject({ method: 'PUT', url: `${BASE}${url}`, headers, payload: payload as object });
const post = (url: string, payload: unknown = {}, headers = auth) =>
  t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers, payload: payload as object });
const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
const smtpConfig = (over: Record<string, unknown> = {}) => ({
  provider: 'smtp',
  from_name: 'Acme',
  from_email: 'news@acme.example',
  smtp_host: '127.0.0.1',
  smtp_port: relayPort,
  smtp_user: 'relay-user',
  smtp_password: 'relay-pass-123',
  smtp_security: 'none',
  ...over,
});

describe('email sender config', () => {
  it('a fresh sandbox account has an ACTIVE sandbox sender on the sink', async () => {
    const res = await get('/config');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'sandbox', status: 'ACTIVE', has_password: false, has_api_key: false });
  });

  it('refuses bad input with field errors', async () => {
    const res = await put('/config', { provider: 'smtp', from_name: '', from_email: 'nope', smtp_port: 0 });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['from_name', 'from_email', 'smtp_port']));
    const noHost = await put('/config', smtpConfig({ smtp_host: undefined }));
    expect(noHost.statusCode).toBe(400);
    expect(noHost.json().errors[0].field).toBe('smtp_host');
    expect((await put('/config', smtpConfig({ smtp_host: 'bad host!' }))).statusCode).toBe(400);
    expect((await put('/config', { provider: 'sendgrid', from_name: 'A', from_email: 'a@acme.example' })).json().errors[0].field).toBe(
      'sendgrid_api_key',
    );
  });

  it('refuses a private or loopback relay unless configuration allows it', async () => {
    t.ctx.config.outbound.allowPrivate = false;
    try {
      for (const host of ['127.0.0.1', '10.1.2.3', '192.168.1.10', 'localhost', '::1']) {
        const res = await put('/config', smtpConfig({ smtp_host: host }));
        expect(res.statusCode, host).toBe(400);
        expect(res.json().code).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
      }
    } finally {
      t.ctx.config.outbound.allowPrivate = true;
    }
  });

  it('only users allowed to update senders save', async () => {
    expect((await put('/config', smtpConfig(), marketer)).statusCode).toBe(403);
    expect((await get('/config', marketer)).statusCode).toBe(200);
  });

  it('saves SMTP settings with the password encrypted and never returned', async () => {
    const res = await put('/config', smtpConfig());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ provider: 'smtp', smtp_host: '127.0.0.1', has_password: true, status: 'PENDING_VERIFICATION' });
    expect(res.body).not.toContain('relay-pass-123');
    const [row] = await t.sql('select smtp_password_enc from email_senders where id = $1', [data.id]);
    expect(row.smtp_password_enc).not.toContain('relay-pass-123');
    expect(decryptSecret(t.ctx.config.encryptionKey, row.smtp_password_enc)).toBe('relay-pass-123');
    // saving again without a password keeps it
    const again = await put('/config', smtpConfig({ smtp_password: undefined, from_name: 'Acme News' }));
    expect(again.json().data).toMatchObject({ has_password: true, from_name: 'Acme News', status: 'PENDING_VERIFICATION' });
    // another account is untouched
    expect((await get('/config', other)).json().data.provider).toBe('sandbox');
  });

  it('verify-sender mails a single-use link; opening it makes the sender ACTIVE', async () => {
    const res = await post('/verify-sender');
    expect(res.statusCode).toBe(200);
    const [mail] = await waitForMails(t, 'news@acme.example', 1);
    const link = /https?:\/\/\S+\/api\/sender-management\/email\/verify\?token=\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link as string).pathname + new URL(link as string).search;
    const open = await t.app.inject({ method: 'GET', url: path });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/sender-management?verified=1');
    expect((await get('/config')).json().data.status).toBe('ACTIVE');
    const reuse = await t.app.inject({ method: 'GET', url: path });
    expect(reuse.headers.location).toBe('/sender-management?verified=0');
    const forged = await t.app.inject({ method: 'GET', url: `${BASE}/verify?token=1.99999999999999.abc` });
    expect(forged.headers.location).toBe('/sender-management?verified=0');
    // already active: nothing to send
    expect((await post('/verify-sender')).json().data.sent).toBe(false);
  });

  it('test sends a real mail through the SMTP relay, with its login', async () => {
    const res = await post('/test', { to: 'inbox@customer.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.provider).toBe('smtp');
    expect(relayMails.at(-1)).toMatchObject({ user: 'relay-user', from: 'news@acme.example', to: ['inbox@customer.example'] });
    expect((await post('/test', { to: 'not-an-email' })).statusCode).toBe(400);
  });

  it('a failing relay answers PROVIDER_TEST_FAILED with the reason', async () => {
    await put('/config', smtpConfig({ smtp_password: 'wrong-password' }));
    const res = await post('/test', { to: 'inbox@customer.example' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_TEST_FAILED' });
    expect(JSON.stringify(res.json().data)).toMatch(/Invalid username or password|auth/i);
  });

  it("a failed test says why in the reader's language, with the server's answer as detail (not nodemailer's words)", async () => {
    const ar = { ...auth, 'accept-language': 'ar' };
    // the login refused: translated, the relay's own "535 …" kept as the detail
    await put('/config', smtpConfig({ smtp_password: 'wrong-password' }));
    const login = (await post('/test', { to: 'inbox@customer.example' }, ar)).json();
    expect(login.data.reason_key).toBe('senders.email.reasons.authFailed');
    expect(login.data.reason).toMatch(/^رفض خادم البريد اسم المستخدم أو كلمة المرور/);
    expect(login.data.reason).toContain('535');
    expect(login.message).toContain(login.data.reason);
    // nothing listens on the port: "refused on port N", never "connect ECONNREFUSED"
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await put('/config', smtpConfig({ smtp_port: closedPort }));
    const refused = (await post('/test', { to: 'inbox@customer.example' })).json();
    expect(refused.data.reason_key).toBe('senders.email.reasons.refused');
    expect(refused.data.reason).toContain(`refused the connection on port ${closedPort}`);
    expect(refused.message).not.toMatch(/ECONNREFUSED|ESOCKET/);
    const refusedAr = (await post('/test', { to: 'inbox@customer.example' }, ar)).json();
    expect(refusedAr.data.reason).toMatch(/^رفض .*127\.0\.0\.1.* الاتصال على المنفذ/);
    await put('/config', smtpConfig());
  });

  it('a host name that does not resolve is "not found", apart from a malformed host', async () => {
    t.ctx.config.outbound.allowPrivate = false;
    try {
      const res = await put('/config', smtpConfig({ smtp_host: 'no-such-relay.invalid' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'smtp_host', message: 'This host name could not be found: check the spelling, or that the name exists in DNS' },
      ]);
      const malformed = await put('/config', smtpConfig({ smtp_host: 'bad host!' }));
      expect(malformed.json().errors[0]).toEqual({ field: 'smtp_host', message: 'Enter a valid URL or IP address' });
    } finally {
      t.ctx.config.outbound.allowPrivate = true;
    }
  });
});

describe('SendGrid', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const webhookKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  let senderId: number;

  it('saves the API key encrypted, sends a test through /v3/mail/send', async () => {
    const res = await put('/config', {
      provider: 'sendgrid',
      from_name: 'Acme',
      from_email: 'news@acme.example',
      sendgrid_api_key: SG_KEY,
      sendgrid_webhook_key: webhookKey,
    });
    expect(res.statusCode).toBe(200);
    senderId = res.json().data.id;
    expect(res.json().data).toMatchObject({ has_api_key: true, has_password: false, sendgrid_webhook_key: webhookKey });
    expect(res.body).not.toContain(SG_KEY);
    const [row] = await t.sql('select sendgrid_api_key_enc, smtp_password_enc from email_senders where id = $1', [senderId]);
    expect(row.sendgrid_api_key_enc).not.toContain(SG_KEY);
    expect(row.smtp_password_enc).toBeNull();
    const sent = await post('/test', { to: 'inbox@customer.example' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ provider: 'sendgrid', message_id: 'sg-msg-1' });
    const call = sgCalls.at(-1);
    expect(call?.auth).toBe(`Bearer ${SG_KEY}`);
    expect(call?.body.personalizations[0].to[0].email).toBe('inbox@customer.example');
    expect(call?.body.custom_args.risala_account_id).toBe(String(accountId));
  });

  it("a refused key answers PROVIDER_TEST_FAILED with SendGrid's reason", async () => {
    await put('/config', { provider: 'sendgrid', from_name: 'Acme', from_email: 'news@acme.example', sendgrid_api_key: 'SG.wrong' });
    const res = await post('/test', { to: 'inbox@customer.example' });
    expect(res.statusCode).toBe(502);
    expect(res.json().data.reason).toMatch(/authorization grant is invalid/);
  });

  it('webhook-events accepts a valid ECDSA signature, refuses forged ones, feeds analytics', async () => {
    const events = [
      {
        email: 'a@customer.example',
        timestamp: Math.floor(Date.now() / 1000),
        event: 'delivered',
        sg_message_id: 'm1',
        sg_event_id: 'ev-a',
        risala_account_id: String(accountId),
      },
      {
        email: 'b@customer.example',
        timestamp: Math.floor(Date.now() / 1000),
        event: 'bounce',
        reason: '550 5.1.1 unknown user',
        sg_message_id: 'm2',
        sg_event_id: 'ev-b',
      },
      {
        email: 'c@customer.example',
        timestamp: Math.floor(Date.now() / 1000),
        event: 'delivered',
        sg_event_id: 'ev-c',
        risala_account_id: '999999',
      },
    ];
    const raw = JSON.stringify(events);
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = sign('sha256', Buffer.from(ts + raw), privateKey).toString('base64');
    const send = (sig: string, body = raw, id = senderId) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/webhook-events/${id}`,
        headers: {
          'content-type': 'application/json',
          'x-twilio-email-event-webhook-signature': sig,
          'x-twilio-email-event-webhook-timestamp': ts,
        },
        payload: body,
      });
    const okRes = await send(signature);
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json().received).toBe(2); // the event naming another account is dropped
    const forged = await send(signature, raw.replace('bounce', 'open'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect((await send(sign('sha256', Buffer.from(ts + raw), stranger).toString('base64'))).statusCode).toBe(401);
    expect((await send('')).statusCode).toBe(401);
    expect((await send(signature, raw, 999999)).statusCode).toBe(401);
    // a correctly signed but stale request (a replay an hour later) is refused too
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const replay = await t.app.inject({
      method: 'POST',
      url: `${BASE}/webhook-events/${senderId}`,
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(old + raw), privateKey).toString('base64'),
        'x-twilio-email-event-webhook-timestamp': old,
      },
      payload: raw,
    });
    expect(replay.statusCode).toBe(401);

    // the same signed request again inside the signature window (a replay, or SendGrid's retry),
    // twice at once: nothing is stored or counted twice
    const replays = await Promise.all([send(signature), send(signature)]);
    for (const r of replays) expect(r.json()).toEqual({ received: 0, duplicates: 2 });
    // one new event and a repeated one in the same batch: only the new one is stored
    const more = JSON.stringify([
      events[1],
      { ...events[1], sg_event_id: 'ev-d', event: 'open' },
      { ...events[1], sg_event_id: 'ev-d', event: 'open' },
    ]);
    const moreRes = await send(sign('sha256', Buffer.from(ts + more), privateKey).toString('base64'), more);
    expect(moreRes.json()).toEqual({ received: 1, duplicates: 2 });

    const analytics = await get('/analytics');
    expect(analytics.json().data).toMatchObject({ totals: { delivered: 1, bounce: 1, open: 1 }, total: 3 });
    const list = await get('/webhook-events?limit=10');
    expect(list.json().data.total).toBe(3);
    expect(list.json().data.items.find((e: { event: string }) => e.event === 'bounce').reason).toMatch(/unknown user/);
    expect((await get('/analytics', other)).json().data.total).toBe(0);
  });

  it('an event without sg_event_id is stored once however often it is replayed', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const send = (events: object[]) => {
      const body = JSON.stringify(events);
      return t.app.inject({
        method: 'POST',
        url: `${BASE}/webhook-events/${senderId}`,
        headers: {
          'content-type': 'application/json',
          'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(ts + body), privateKey).toString('base64'),
          'x-twilio-email-event-webhook-timestamp': ts,
        },
        payload: body,
      });
    };
    const at = Math.floor(Date.now() / 1000);
    const click = { email: 'n@customer.example', timestamp: at, event: 'click', url: 'https://acme.example/a', sg_message_id: 'm9' };
    const before = (await t.sql('select count(*)::int as n from email_events where account_id = $1', [accountId]))[0].n;
    expect((await send([click])).json()).toEqual({ received: 1, duplicates: 0 });
    // the same event again, alone, twice in one batch, and with its fields in another order
    const reordered = Object.fromEntries(Object.entries(click).reverse());
    expect((await send([click])).json()).toEqual({ received: 0, duplicates: 1 });
    expect((await send([click, reordered])).json()).toEqual({ received: 0, duplicates: 2 });
    // another click (another link) is another event
    expect((await send([{ ...click, url: 'https://acme.example/b' }])).json()).toEqual({ received: 1, duplicates: 0 });
    const after = (await t.sql('select count(*)::int as n from email_events where account_id = $1', [accountId]))[0].n;
    expect(after - before).toBe(2);
  });
});

describe('tier config and platform requests', () => {
  it('reads and saves the tier, refusing bad values', async () => {
    expect((await get('/tier-config')).json().data).toMatchObject({ tier: 'standard', daily_limit: null });
    const res = await put('/tier-config', { tier: 'dedicated_ip', daily_limit: 5000 });
    expect(res.json().data).toEqual({ tier: 'dedicated_ip', daily_limit: 5000 });
    expect((await put('/tier-config', { tier: 'gold', daily_limit: -1 })).statusCode).toBe(400);
    expect((await put('/tier-config', { tier: 'free', daily_limit: 1 }, marketer)).statusCode).toBe(403);
  });

  it('request-sendgrid mails the platform team and notifies the user', async () => {
    expect((await post('/request-sendgrid', { message: '' })).statusCode).toBe(400);
    const res = await post('/request-sendgrid', { message: 'We send 50k newsletters a month' });
    expect(res.statusCode).toBe(200);
    const [mail] = await waitForMails(t, t.ctx.config.supportEmail, 1);
    expect(mail.text).toContain('50k newsletters');
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
    expect(JSON.stringify(notes.json().data)).toContain('SendGrid');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/config` })).statusCode).toBe(401);
  });
});
