/**
 * The account's own AI server may not lead the server elsewhere: a 307 or 303 from the allowed
 * server to an internal address is not followed (the internal server receives nothing: not the
 * system prompt, not a metadata GET), and /api/ai/health gives one answer whether the redirect's
 * target is up, down, or the stored address is refused — no scanning oracle. Real HTTP servers on
 * loopback: 127.0.0.1 is the allowed host (OUTBOUND_ALLOWED_HOSTS), 127.0.0.2 plays the inside.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { chat } from './ai-fixtures.ts';

let t: TestApp;
let token: string;
let accountId: number;
/** the tenant's server: answers every request with `redirect` */
let outside: http.Server;
let outsideUrl: string;
/** an internal service that must never be reached */
let inside: http.Server;
let insidePort: number;
const reached: { method: string; url: string; body: string }[] = [];
let redirect: { status: number; location: string } = { status: 307, location: '' };

const listen = (server: http.Server, host: string) =>
  new Promise<number>((r) => server.listen(0, host, () => r((server.address() as AddressInfo).port)));

beforeAll(async () => {
  inside = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      reached.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [] }));
    });
  });
  insidePort = await listen(inside, '127.0.0.2');
  outside = http.createServer((req, res) => {
    req.resume();
    res.writeHead(redirect.status, { location: redirect.location }).end();
  });
  outsideUrl = `http://127.0.0.1:${await listen(outside, '127.0.0.1')}/v1`;
  t = await createTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', AI_MAX_RETRIES: '0', AI_CHAT_TIMEOUT_MS: '5000' });
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  token = s.token;
  accountId = s.user.account_id;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/ai/settings',
    headers: bearer(token),
    payload: { engine: 'own', base_url: outsideUrl, model: 'm' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => outside?.close(r));
  await new Promise((r) => inside?.close(r));
});
beforeEach(async () => {
  reached.length = 0;
  await t.sql('update ai_account_settings set base_url = $2 where account_id = $1', [accountId, outsideUrl]);
});

const health = () => t.app.inject({ method: 'GET', url: '/api/ai/health', headers: bearer(token) });

describe("the account's own AI server cannot redirect the server inside", () => {
  it('a 307 to an internal chat endpoint is not followed: the prompt and account context never arrive', async () => {
    redirect = { status: 307, location: `http://127.0.0.2:${insidePort}/internal-admin/v1/chat/completions` };
    const { res } = await chat(t, token, 'How many customers do I have?');
    expect(reached).toEqual([]);
    expect(res.statusCode).not.toBe(200);
  });

  it('a 303 to the metadata path is not followed either (no GET turned from the POST)', async () => {
    redirect = { status: 303, location: `http://127.0.0.2:${insidePort}/latest/meta-data/iam/security-credentials/` };
    const { res } = await chat(t, token, 'How many customers do I have?');
    expect(reached).toEqual([]);
    expect(res.statusCode).not.toBe(200);
  });

  it('health answers alike for a live internal target, a dead one, a down server and a refused address', async () => {
    const answers: { status: number; code: string }[] = [];
    const record = async () => {
      const res = await health();
      answers.push({ status: res.statusCode, code: json(res).code });
    };
    redirect = { status: 307, location: `http://127.0.0.2:${insidePort}/v1/models` };
    await record();
    redirect = { status: 302, location: `http://127.0.0.2:${insidePort}/v1/models` };
    await record();
    // nothing listens there
    const closed = http.createServer();
    const closedPort = await listen(closed, '127.0.0.2');
    await new Promise((r) => closed.close(r));
    redirect = { status: 307, location: `http://127.0.0.2:${closedPort}/v1/models` };
    await record();
    // the tenant's own server down
    await t.sql('update ai_account_settings set base_url = $2 where account_id = $1', [accountId, `http://127.0.0.1:${closedPort}/v1`]);
    await record();
    // an address stored before the rule refused it (or a name that now resolves inside)
    await t.sql('update ai_account_settings set base_url = $2 where account_id = $1', [accountId, `http://127.0.0.3:${insidePort}/v1`]);
    await record();
    expect(reached).toEqual([]);
    expect(answers).toEqual(Array(answers.length).fill({ status: 503, code: 'AI_UNAVAILABLE' }));
  });
});
