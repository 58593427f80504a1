/**
 * An answer streamed from a model (the sandbox chat-completions peer, slowed down) stops with its
 * session: after POST /api/auth/logout of its token no further text is written (the session is
 * checked before each event), the model call is abandoned and the stream ends with
 * SESSION_EXPIRED; and no stream outlives its lifetime (AI_TIMEOUT).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiSimulator, SIM_MODEL, startOpenAiSimulator } from '../../sandbox/openai-chat.ts';
import { bearer, createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { sseEvents } from './ai-fixtures.ts';

const KEY = 'sk-instance-key';
let t: TestApp;
let sim: OpenAiSimulator;

beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKey: KEY });
  sim.setChunkDelay(300); // the answer's ~14 pieces take ~4 s
  t = await createTestApp({
    AI_BASE_URL: sim.url,
    AI_MODEL: SIM_MODEL,
    AI_API_KEY: KEY,
    AI_CHAT_TIMEOUT_MS: '20000',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    // only the check before each event can stop the first stream; the lifetime stops the second
    SSE_SESSION_RECHECK_SECONDS: '30',
    SSE_MAX_LIFETIME_SECONDS: '1.5',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** POST /api/ai/chat/stream over a real connection; the body as it arrives. */
function ask(token: string, query: string) {
  const port = (t.app.server.address() as AddressInfo).port;
  let body = '';
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/ai/chat/stream',
    headers: { ...bearer(token), accept: 'text/event-stream', 'content-type': 'application/json' },
  });
  const closed = new Promise<number>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('close', () => resolve(Date.now()));
    });
  });
  req.end(JSON.stringify({ query, conversation_id: randomUUID() }));
  return { text: () => body, events: () => sseEvents(body), closed };
}

const until = async (probe: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!probe() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return probe();
};

async function newOwner() {
  const a = await signUp(t);
  return (await signIn(t, a.email)).token;
}

describe('a streamed answer ends with its session', () => {
  it('writes no text after the logout of its token, drops the model call and says SESSION_EXPIRED', async () => {
    const token = await newOwner();
    const cancelledBefore = sim.cancelled;
    const stream = ask(token, 'hello');
    expect(await until(() => stream.events().some((e) => e.event === 'delta'))).toBe(true);
    const loggedOut = Date.now();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    const deltasAtLogout = stream.events().filter((e) => e.event === 'delta').length;
    const closedAt = await stream.closed;
    expect(closedAt - loggedOut).toBeLessThan(1000); // the next piece, not the whole answer (~4 s)
    const events = stream.events();
    // at most the one piece that was already past its check when the logout landed
    expect(events.filter((e) => e.event === 'delta').length).toBeLessThanOrEqual(deltasAtLogout + 1);
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { statusCode: 401, code: 'SESSION_EXPIRED' } });
    expect(await until(() => sim.cancelled > cancelledBefore)).toBe(true);
  });

  it('ends at its lifetime with AI_TIMEOUT', async () => {
    const token = await newOwner();
    const opened = Date.now();
    const stream = ask(token, 'hello');
    const closedAt = await stream.closed;
    expect(closedAt - opened).toBeGreaterThanOrEqual(1400);
    expect(closedAt - opened).toBeLessThan(3500);
    expect(stream.events().at(-1)).toMatchObject({ event: 'error', data: { code: 'AI_TIMEOUT' } });
    expect(stream.events().some((e) => e.event === 'done')).toBe(false);
  });
});
