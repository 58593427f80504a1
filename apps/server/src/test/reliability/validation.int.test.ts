/**
 * Reliability: the gaps left by the area tests (connections.int, senders/sms.int, email.int,
 * whatsapp-roundtrip.int, outbound-url.unit): SSRF through the API on UPDATE and in the encoded
 * forms of loopback/metadata addresses, the §5 texts in English and Arabic, OUTBOUND_ALLOWED_HOSTS /
 * OUTBOUND_ALLOW_PRIVATE read from the environment, ports and sender ids on connections, and a
 * forged WhatsApp status webhook that must not touch a message.
 */
import { randomBytes } from 'node:crypto';
import { translate } from '@risala/shared/i18n/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../sandbox/whatsapp-cloud.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../helper.ts';

const PRIVATE_EN = 'Private-network and loopback addresses are not allowed here';
const PORT_EN = 'Enter a valid port greater than 0';
const SENDER_EN = 'Sender ID must be up to 15 digits or up to 11 letters and digits';
const WA_SECRET = `rel-${randomBytes(16).toString('hex')}`;

let t: TestApp;
let token: string;
let accountId: number;

beforeAll(async () => {
  t = await createTestApp({ WHATSAPP_APP_SECRET: WA_SECRET });
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  token = s.token;
  accountId = s.user.account_id;
});
afterAll(async () => {
  await t?.close();
});

const call = (app: TestApp, method: 'POST' | 'PUT', url: string, payload: object, lang = 'en', tok = token) =>
  app.app.inject({ method, url, headers: { ...bearer(tok), 'accept-language': lang }, payload });
const fields = (res: Parameters<typeof json>[0]) =>
  Object.fromEntries((json(res).errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
const http = (over: Record<string, unknown>) => ({ type: 'http', connection_name: `Http ${randomBytes(3).toString('hex')}`, ...over });
const smpp = (over: Record<string, unknown>) => ({
  type: 'smpp',
  connection_name: `Smpp ${randomBytes(3).toString('hex')}`,
  host: 'smsc.example.com',
  port: 2775,
  system_id: 'acme',
  password: 'secret',
  ...over,
});

/** Loopback, private, link-local/metadata, CGNAT and "this host", in the spellings URL parsers accept. */
const PRIVATE_URLS = [
  'http://127.0.0.1:8080/send',
  'http://10.20.30.40/send',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/send',
  'http://2130706433/send', // 127.0.0.1 as one decimal number
  'http://0x7f000001/send', // … in hex
  'http://017700000001/send', // … in octal
  'http://127.1/send',
  'http://0/send',
  'http://[::]/send',
  'http://[::ffff:127.0.0.1]/send', // IPv4-mapped loopback
  'http://[::ffff:a9fe:a9fe]/send', // IPv4-mapped 169.254.169.254
  'http://[fd00::1]/send',
  'http://100.64.0.1/send',
  'http://172.16.0.1/send',
  'http://192.168.1.1/send',
  'https://localhost/send',
];

describe('SSRF: connection URLs the server will call', () => {
  it('refuses every private spelling of post_url on create with the §5 message', async () => {
    for (const url of PRIVATE_URLS) {
      const res = await call(t, 'POST', '/api/gateway/connections', http({ post_url: url }));
      expect(res.statusCode, url).toBe(400);
      expect(json(res).code, url).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
      expect(json(res).message, url).toBe(PRIVATE_EN);
      expect(fields(res), url).toEqual({ post_url: PRIVATE_EN });
    }
    const [{ n }] = await t.sql<{ n: number }>("select count(*)::int as n from connections where account_id = $1 and type = 'http'", [
      accountId,
    ]);
    expect(n).toBe(0);
  });

  it('answers in Arabic for an Arabic reader', async () => {
    const res = await call(
      t,
      'POST',
      '/api/gateway/connections',
      http({ post_url: 'https://93.184.216.34/send', listen_url: 'http://169.254.169.254/' }),
      'ar',
    );
    expect(res.statusCode).toBe(400);
    const ar = translate('ar', 'errors.PRIVATE_ADDRESS_NOT_ALLOWED');
    expect(ar).not.toBe(PRIVATE_EN);
    expect(json(res).message).toBe(ar);
    expect(fields(res)).toEqual({ listen_url: ar });
  });

  it('refuses private post_url and listen_url on UPDATE and leaves the row as it was', async () => {
    const created = await call(
      t,
      'POST',
      '/api/gateway/connections',
      http({ post_url: 'https://93.184.216.34/send', listen_url: 'https://93.184.216.34/dlr' }),
    );
    expect(created.statusCode).toBe(201);
    const id = json(created).data.id as number;
    for (const [field, url] of [
      ['post_url', 'http://127.0.0.1/send'],
      ['post_url', 'http://169.254.169.254/latest'],
      ['listen_url', 'http://10.0.0.5/dlr'],
      ['listen_url', 'http://[::1]:9000/dlr'],
    ] as const) {
      const res = await call(t, 'PUT', `/api/gateway/connections/${id}`, { type: 'http', [field]: url });
      expect(res.statusCode, `${field} ${url}`).toBe(400);
      expect(json(res).code).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
      expect(fields(res)).toEqual({ [field]: PRIVATE_EN });
    }
    const [row] = await t.sql('select post_url, listen_url from connections where id = $1', [id]);
    expect(row).toEqual({ post_url: 'https://93.184.216.34/send', listen_url: 'https://93.184.216.34/dlr' });
  });

  it('OUTBOUND_ALLOWED_HOSTS admits exactly the listed hosts; OUTBOUND_ALLOW_PRIVATE admits all', async () => {
    const listed = await createTestApp({ OUTBOUND_ALLOWED_HOSTS: ' Hooks.Internal , 127.0.0.1 ' });
    try {
      const u = await signUp(listed);
      const tok = (await signIn(listed, u.email)).token;
      const ok = await call(
        listed,
        'POST',
        '/api/gateway/connections',
        http({ post_url: 'http://127.0.0.1:9000/send', listen_url: 'http://HOOKS.internal/dlr' }),
        'en',
        tok,
      );
      expect(ok.statusCode, ok.body).toBe(201);
      for (const url of ['http://10.0.0.1/send', 'http://localhost:9000/send', 'http://169.254.169.254/', 'http://127.0.0.2/send']) {
        const res = await call(listed, 'POST', '/api/gateway/connections', http({ post_url: url }), 'en', tok);
        expect(json(res).code, url).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
      }
    } finally {
      await listed.close();
    }
    const open = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
    try {
      const u = await signUp(open);
      const tok = (await signIn(open, u.email)).token;
      for (const url of ['http://10.0.0.1/send', 'http://[::1]/send', 'http://169.254.169.254/']) {
        expect((await call(open, 'POST', '/api/gateway/connections', http({ post_url: url }), 'en', tok)).statusCode, url).toBe(201);
      }
    } finally {
      await open.close();
    }
  });
});

describe('§5 ports and sender ids on connections', () => {
  it('refuses SMPP ports 0, 70000, -1, 1.5 and text; accepts 1 and 65535', async () => {
    for (const port of [0, 70000, 65536, -1, 1.5, 'abc']) {
      const res = await call(t, 'POST', '/api/gateway/connections', smpp({ port }));
      expect(res.statusCode, String(port)).toBe(400);
      expect(fields(res), String(port)).toEqual({ port: PORT_EN });
    }
    const ar = await call(t, 'POST', '/api/gateway/connections', smpp({ port: 70000 }), 'ar');
    expect(fields(ar)).toEqual({ port: translate('ar', 'validation.port') });
    for (const port of [1, 65535])
      expect((await call(t, 'POST', '/api/gateway/connections', smpp({ port }))).statusCode, String(port)).toBe(201);
  });

  it('refuses proxy ports 0 and 70000 on HTTP connections', async () => {
    for (const proxy_port of [0, 70000]) {
      const res = await call(
        t,
        'POST',
        '/api/gateway/connections',
        http({ post_url: 'https://93.184.216.34/send', proxy_host: 'proxy.example.com', proxy_port }),
      );
      expect(fields(res), String(proxy_port)).toEqual({ proxy_port: PORT_EN });
    }
  });

  it('refuses a 12-letter or 16-digit sender id with the §5 text; accepts 11 letters and 15 digits', async () => {
    for (const sender_id of ['AcmeStoreXYZ', '1234567890123456', 'Acme_Shop', 'bad id!']) {
      const res = await call(t, 'POST', '/api/gateway/connections', smpp({ sender_id }));
      expect(res.statusCode, sender_id).toBe(400);
      expect(fields(res), sender_id).toEqual({ sender_id: SENDER_EN });
    }
    const ar = await call(t, 'POST', '/api/gateway/connections', smpp({ sender_id: 'AcmeStoreXYZ' }), 'ar');
    expect(fields(ar)).toEqual({ sender_id: translate('ar', 'validation.senderId') });
    for (const sender_id of ['AcmeStoreXY', '123456789012345']) {
      expect((await call(t, 'POST', '/api/gateway/connections', smpp({ sender_id }))).statusCode, sender_id).toBe(201);
    }
  });

  it('sms-senders answer the same §5 text in Arabic', async () => {
    for (const [sender_id, sender_type] of [
      ['AcmeStoreXYZ', 'alphanumeric'],
      ['1234567890123456', 'numeric'],
    ]) {
      const res = await call(t, 'POST', '/api/sender-management/sms/sms-senders', { sender_id, sender_type }, 'ar');
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual({ sender_id: translate('ar', 'validation.senderId') });
    }
  });
});

describe('forged WhatsApp status webhooks', () => {
  it('a forged, unsigned or re-bodied status for a real message is refused and changes nothing', async () => {
    const wamid = `wamid.${randomBytes(12).toString('hex')}`;
    const [msg] = await t.sql<{ id: number }>(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body, provider_message_id, sent_at)
       values ($1, 'whatsapp', 'SENT', 'done', 'rel-forged', '+966501234567', 'Hello', $2, now()) returning id`,
      [accountId, wamid],
    );
    const event = (status: string) =>
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
                  metadata: { display_phone_number: '966500000000', phone_number_id: '900000000000001' },
                  statuses: [{ id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '966501234567' }],
                },
              },
            ],
          },
        ],
      });
    const post = (raw: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        payload: raw,
      });
    const read = event('read');
    const failed = event('failed');
    for (const [label, res] of [
      ['wrong secret', await post(read, signWebhook('not-the-app-secret-at-all', read))],
      ['no signature', await post(read)],
      ['malformed', await post(read, 'sha256=zz')],
      ['signature of another body', await post(failed, signWebhook(WA_SECRET, read))],
    ] as const) {
      expect(res.statusCode, label).toBe(401);
      expect(json(res).code, label).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    const [row] = await t.sql('select status, read_at, failed_at, error_code from messages where id = $1', [msg?.id]);
    expect(row).toEqual({ status: 'SENT', read_at: null, failed_at: null, error_code: null });
    const [{ n }] = await t.sql<{ n: number }>('select count(*)::int as n from message_events where message_id = $1', [msg?.id]);
    expect(n).toBe(0);
  });
});
