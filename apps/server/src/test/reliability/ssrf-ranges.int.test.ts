/**
 * The address rule at every place a tenant names a host the server will call: the account's own AI
 * server, an HTTP SMS gateway's post URL (and its proxy), an SMPP host and an SMTP relay. Each
 * refuses the reserved ranges that a maintained list names — site-local IPv6 (fec0::/10), the
 * retired 6to4 relay anycast (192.88.99.0/24), metadata, "this host", IPv4 carried in IPv6 — with
 * the same PRIVATE_ADDRESS_NOT_ALLOWED, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../helper.ts';

let t: TestApp;
let auth: Record<string, string>;
let accountId: number;

beforeAll(async () => {
  t = await createTestApp();
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  auth = bearer(s.token);
  accountId = s.user.account_id;
});
afterAll(async () => {
  await t?.close();
});

/** Addresses as a host field takes them (URLs put brackets around the IPv6 ones). */
const REFUSED = [
  'fec0::1', // deprecated site-local IPv6
  'fec0:1:2::3',
  '192.88.99.1', // 6to4 relay anycast, retired
  '169.254.169.254', // cloud metadata
  'fd00:ec2::254', // the IPv6 metadata endpoint
  '::ffff:127.0.0.1', // IPv4-mapped loopback
  '::ffff:169.254.169.254',
  '0.0.0.0',
  '::',
  '2002:7f00:1::1', // 6to4 carrying loopback
  '64:ff9b::a9fe:a9fe', // NAT64 of the metadata address
  '198.18.0.1', // benchmarking
  '100::1', // discard-only
];
const urlHost = (a: string) => (a.includes(':') ? `[${a}]` : a);

const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: auth, payload });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth, payload });

function expectRefused(res: Awaited<ReturnType<typeof put>>, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(json(res).code, what).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
}

describe('reserved ranges are refused at every entry point', () => {
  it("the account's own AI server", async () => {
    for (const a of REFUSED) {
      expectRefused(await put('/api/ai/settings', { engine: 'own', base_url: `http://${urlHost(a)}:8080/v1` }), a);
    }
    const [row] = await t.sql('select count(*)::int as n from ai_account_settings where account_id = $1 and base_url is not null', [
      accountId,
    ]);
    expect(row.n).toBe(0);
  });

  it("an HTTP SMS gateway's post URL", async () => {
    for (const a of REFUSED) {
      const res = await post('/api/gateway/connections', {
        type: 'http',
        connection_name: `Gw ${a}`,
        post_url: `https://${urlHost(a)}/send`,
      });
      expectRefused(res, a);
    }
  });

  it("an SMPP host, and an HTTP gateway's proxy", async () => {
    for (const a of REFUSED) {
      const smpp = { type: 'smpp', connection_name: `Smpp ${a}`, host: a, port: 2775, system_id: 'acme', password: 'secret' };
      expectRefused(await post('/api/gateway/connections', smpp), `host ${a}`);
      const http = { type: 'http', connection_name: `Proxied ${a}`, post_url: 'https://93.184.216.34/send' };
      expectRefused(await post('/api/gateway/connections', { ...http, proxy_host: a, proxy_port: 8080 }), `proxy ${a}`);
    }
    const [row] = await t.sql(
      "select count(*)::int as n from connections where account_id = $1 and connection_name ~ '^(Smpp|Proxied|Gw) '",
      [accountId],
    );
    expect(row.n).toBe(0);
  });

  it('an SMTP relay', async () => {
    for (const a of REFUSED) {
      const res = await put('/api/sender-management/email/config', {
        provider: 'smtp',
        from_name: 'Acme',
        from_email: 'news@acme.example',
        smtp_host: a,
        smtp_port: 587,
        smtp_user: 'relay-user',
        smtp_password: 'relay-pass-123',
        smtp_security: 'starttls',
      });
      expectRefused(res, a);
    }
  });
});
