/**
 * Plans, analytics and content written by a model — the sandbox chat-completions peer on loopback,
 * through the real client: the text streams, cancelling stops the model, every number is checked
 * against the facts (a model that invents one is replaced by the built-in text, and the reader is
 * told), failing variants are replaced, usage is metered per feature under the daily cap, and no
 * customer's phone number or email address is ever in what the model is sent.
 */
import { ungroundedNumbers } from '@risala/shared/grounding';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiSimulator, SIM_MODEL, startOpenAiSimulator } from '../../sandbox/openai-chat.ts';
import { bearer, createTestApp, type TestApp } from '../../test/helper.ts';
import { sseEvents } from '../ai/ai-fixtures.ts';
import { insightFacts } from '../ai-insights/insights.service.ts';
import { planFacts } from './narrative.ts';
import { call, planBody, planCast, seedHistory } from './plan-fixtures.ts';

let t: TestApp;
let sim: OpenAiSimulator;
let cast: Awaited<ReturnType<typeof planCast>>;
let plan: any;
const KEY = 'sk-instance-key';

beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKey: KEY });
  t = await createTestApp({
    AI_BASE_URL: sim.url,
    AI_MODEL: SIM_MODEL,
    AI_API_KEY: KEY,
    AI_MAX_RETRIES: '0',
    AI_CHAT_TIMEOUT_MS: '5000',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  cast = await planCast(t);
  await seedHistory(t, cast.owner.accountId, [
    { name: 'Past SMS', channel: 'sms', sent: 120, delivered: 110, clicked: 9, hour: 15, daysAgo: 10 },
  ]);
  plan = (await call(t, cast.marketer.token, 'POST', '/api/campaigns/ai/plan', planBody(cast.brandId))).data;
});
afterEach(() => {
  sim.setMisbehave(null);
  sim.setChunkDelay(2);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const stream = (url: string, token = cast.marketer.token) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), accept: 'text/event-stream' } });

describe('a plan written by a model', () => {
  it('streams its text as it is written, grounded in the plan, and saves it', async () => {
    const res = await stream(`/api/ai/marketing-plan-stream/${plan.id}`);
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(events[0]).toMatchObject({ event: 'start', data: { engine: 'openai-compatible', model: SIM_MODEL } });
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(20);
    const done = events.at(-1);
    expect(done).toMatchObject({ event: 'done', data: { engine: 'openai-compatible', fallback: false } });
    expect(done?.data.narrative).toMatch(/^Here it is, in a few words:/);
    expect(ungroundedNumbers(done?.data.narrative, planFacts(plan.name, plan.plan))).toEqual([]);
    expect((await call(t, cast.marketer.token, 'GET', `/api/ai/marketing-plan/${plan.id}`)).data).toMatchObject({
      narrative: done?.data.narrative,
      engine: 'openai-compatible',
    });
    const sent = sim.requests.at(-1);
    expect(String(sent?.messages?.[0]?.content)).toMatch(/^TASK: plan/);
    const [u] = await t.sql('select requests from ai_usage_daily where account_id = $1 and feature = $2 and billing = $3', [
      cast.owner.accountId,
      'plan',
      'instance',
    ]);
    expect(u?.requests).toBe(1);
  });

  it('keeps the built-in text when the model invents a number, and says so (a `replace` event)', async () => {
    sim.setMisbehave('numbers');
    const res = await stream(`/api/ai/marketing-plan-stream/${plan.id}`);
    const events = sseEvents(res.body);
    const replaced = events.find((e) => e.event === 'replace');
    expect(replaced?.data.reason).toBe('numbers:35');
    const done = events.at(-1)?.data;
    expect(done).toMatchObject({ fallback: true });
    expect(done.narrative).toContain('built-in engine');
    expect(done.narrative).not.toContain('35%');
  });

  it('stops the model when the reader cancels, and saves nothing', async () => {
    const before = (await call(t, cast.marketer.token, 'GET', `/api/ai/marketing-plan/${plan.id}`)).data.narrative;
    sim.setChunkDelay(40);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}/api/ai/marketing-plan-stream/${plan.id}`, {
      method: 'POST',
      headers: { ...bearer(cast.marketer.token), accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await reader.read()).value);
    const cancelledBefore = sim.cancelled;
    abort.abort();
    for (let i = 0; i < 100 && sim.cancelled === cancelledBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sim.cancelled).toBe(cancelledBefore + 1);
    expect((await call(t, cast.marketer.token, 'GET', `/api/ai/marketing-plan/${plan.id}`)).data.narrative).toBe(before);
  });

  it("rewrites each segment's messages with the model (personalize), checked, in the segment's language", async () => {
    const r = await call(t, cast.marketer.token, 'POST', '/api/campaigns/personalize-ai-plans', { plan_id: plan.id, variants: 2 });
    expect(r.status, r.res.body).toBe(200);
    for (const seg of r.data.plan.segments) {
      expect(seg.content.sms.map((v: any) => v.source)).toEqual(['model', 'model']);
      expect(seg.content.sms[0].style).toMatch(/^sim-/);
      expect(seg.content.sms[0].checks).toEqual({ parts_ok: true, variables_ok: true, opt_out: true, language_ok: true, grounded: true });
      expect(seg.content.sms[0].language).toBe(seg.language);
    }
  });

  it("refuses before the stream opens when today's allowance is spent", async () => {
    await t.sql(
      `insert into ai_usage_daily (account_id, day, feature, billing, requests) values ($1, (now() at time zone 'UTC')::date, 'chat', 'instance', 100000)`,
      [cast.owner.accountId],
    );
    try {
      const res = await stream(`/api/ai/marketing-plan-stream/${plan.id}`);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'AI_DAILY_LIMIT' });
    } finally {
      await t.sql(`delete from ai_usage_daily where account_id = $1 and feature = 'chat'`, [cast.owner.accountId]);
    }
  });
});

describe('content and analytics written by a model', () => {
  it("uses the model's variants that pass, and replaces those that break a rule", async () => {
    const body = { brand_id: cast.brandId, channel: 'sms', language: 'en', topic: 'weekend sale', variants: 3, max_parts: 1 };
    const ok = await call(t, cast.marketer.token, 'POST', '/api/ai/content/generate', body);
    expect(ok.data).toMatchObject({ engine: 'openai-compatible', replaced: 0 });
    expect(ok.data.variants.every((v: any) => v.source === 'model' && v.sms.text.startsWith('Hello'))).toBe(true);
    for (const [misbehave, check] of [
      ['long', 'parts_ok'],
      ['variables', 'variables_ok'],
      ['numbers', 'grounded'],
      ['language', 'language_ok'],
    ] as const) {
      sim.setMisbehave(misbehave);
      const r = await call(t, cast.marketer.token, 'POST', '/api/ai/content/generate', {
        ...body,
        language: misbehave === 'language' ? 'ar' : 'en',
        topic: misbehave === 'language' ? 'تخفيضات' : body.topic,
      });
      expect(r.data.replaced, `${misbehave} → ${check}`).toBe(3);
      expect(r.data.variants.every((v: any) => v.source === 'builtin' && v.checks[check])).toBe(true);
    }
  });

  it('summarises the insights from their figures only; streams; falls back when the model invents', async () => {
    const r = await call(t, cast.owner.token, 'GET', '/api/ai/analytics?lang=ar');
    expect(r.data).toMatchObject({ engine: 'openai-compatible', fallback: false, language: 'ar' });
    expect(r.data.summary).toMatch(/^إليك الخلاصة/);
    expect(ungroundedNumbers(r.data.summary, insightFacts(r.data.insights, 30))).toEqual([]);
    sim.setMisbehave('numbers');
    const events = sseEvents((await stream('/api/ai/analytics-stream', cast.owner.token)).body);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['start', 'delta', 'replace', 'done']));
    expect(events.at(-1)?.data).toMatchObject({ fallback: true });
    const [u] = await t.sql<{ n: number }>(
      `select sum(requests)::int as n from ai_usage_daily where account_id = $1 and feature = 'insights'`,
      [cast.owner.accountId],
    );
    expect(u?.n).toBe(2);
  });

  it("never sends a customer's phone number or email address to the model", async () => {
    const everything = JSON.stringify(sim.requests);
    expect(sim.requests.length).toBeGreaterThan(10);
    const customers = await t.sql<{ mobile_number: string | null; email: string | null }>(
      'select mobile_number, email from customers where account_id = $1',
      [cast.owner.accountId],
    );
    const leaked = customers
      .flatMap((c) => [c.mobile_number, c.email])
      .filter((v): v is string => Boolean(v) && everything.includes(v as string));
    expect(leaked).toEqual([]);
  });
});
