/**
 * Drafts are offered, not dropped: a drafting request answers with a message draft on a card
 * (`drafts`) and saves nothing — on the built-in engine and through a model's draft_template call
 * alike. The draft is what the card saves when the user chooses: an SMS through the templates API,
 * a WhatsApp body in Meta's numbered format through the WhatsApp templates API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiSimulator, SIM_MODEL, startOpenAiSimulator } from '../../sandbox/openai-chat.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/helper.ts';
import { chat, demoCast, sseEvents } from './ai-fixtures.ts';

let t: TestApp;
let sim: OpenAiSimulator;
let cast: Awaited<ReturnType<typeof demoCast>>;
const KEY = 'sk-instance-key';

beforeAll(async () => {
  sim = await startOpenAiSimulator({ apiKey: KEY });
  t = await createTestApp({ AI_BASE_URL: sim.url, AI_MODEL: SIM_MODEL, AI_API_KEY: KEY, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  cast = await demoCast(t);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const engine = async (value: 'builtin' | 'auto') => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/ai/settings', headers: bearer(cast.owner.token), payload: { engine: value } });
  expect(res.statusCode, res.body).toBe(200);
};
const saved = async () => {
  const [row] = await t.sql<{ templates: number; wa: number; campaigns: number }>(
    `select (select count(*)::int from templates where account_id = $1) as templates,
            (select count(*)::int from whatsapp_templates where account_id = $1) as wa,
            (select count(*)::int from campaigns where account_id = $1) as campaigns`,
    [cast.owner.accountId],
  );
  return row;
};
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(cast.owner.token), payload });
const LINK_GLUED = /https?:\/\/\S*?[.,،;:!?؟](?=\s|$)/;

describe('drafting on the built-in engine', () => {
  beforeAll(() => engine('builtin'));

  it('answers "اكتب لي رسالة SMS لتخفيضات رمضان 20٪" with a draft card — the offer, not the instruction — and saves nothing', async () => {
    const before = await saved();
    const conversation = randomUUID();
    const { res, data } = await chat(t, cast.owner.token, 'اكتب لي رسالة SMS لتخفيضات رمضان 20٪', { conversation_id: conversation });
    expect(res.statusCode, res.body).toBe(200);
    expect(await saved()).toEqual(before);
    expect(data.engine).toBe('builtin');
    expect(data.cards).toEqual([]);
    expect(data.tools).toEqual(expect.arrayContaining([{ name: 'draft_template', ok: true }]));
    expect(data.drafts).toHaveLength(1);
    const d = data.drafts[0];
    expect(d).toMatchObject({ channel: 'sms', language: 'ar', source: 'builtin', language_check: { ok: true, foreign: [] } });
    expect(d.body).not.toMatch(/اكتب|رسالة|SMS/);
    expect(d.body).toContain('رمضان');
    expect(d.body).toContain('20٪');
    expect(d.body).toContain('Risala Demo Store');
    expect(d.sms).toMatchObject({ encoding: 'UCS-2', max_parts: 2, fits: true });
    expect(d.offer).toMatchObject({ discount: { kind: 'percent', value: 20 }, occasion: 'ramadan', unplaced: [] });
    expect(data.response).toContain('لم يُحفظ شيء');
    // a reloaded conversation shows the card again
    const read = await t.app.inject({ method: 'GET', url: `/api/ai/conversations/${conversation}`, headers: bearer(cast.owner.token) });
    expect(json(read).data.messages[1].drafts).toEqual([d]);
    expect(json(read).data.messages[1].cards).toEqual([]);
  });

  it('writes about what the request is about (the parser’s topic), never the instruction', async () => {
    const before = await saved();
    const { res, data } = await chat(t, cast.owner.token, 'Write an SMS about our handmade candles', { conversation_id: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await saved()).toEqual(before);
    const d = data.drafts[0];
    expect(d).toMatchObject({ channel: 'sms', language: 'en', language_check: { ok: true } });
    expect(d.body).toContain('handmade candles');
    expect(d.body).not.toMatch(/\bwrite\b|\babout\b/i);
    expect(d.offer).toMatchObject({ product: { text: 'handmade candles' }, unplaced: [] });
  });

  it('writes a WhatsApp draft with {{1}} and its mapping, which the WhatsApp templates API accepts as the card sends it', async () => {
    const before = await saved();
    const { data } = await chat(
      t,
      cast.owner.token,
      'Write a WhatsApp message: 30% off all abayas until Friday, code EID30, https://shop.example/eid.',
    );
    expect(await saved()).toEqual(before);
    const d = data.drafts[0];
    expect(d).toMatchObject({ channel: 'whatsapp', language: 'en', variables: [{ index: 1, variable: 'first_name', example: 'Sara' }] });
    expect(d.body).toMatch(/\{\{1\}\}/);
    expect(d.body).not.toMatch(/first_name/);
    expect(d.button).toEqual({ text: 'Shop now', url: 'https://shop.example/eid' });
    expect(d.language_check.ok).toBe(true);
    // "Save as template" on the card
    const components = [
      { type: 'BODY', text: d.body, example: { body_text: [d.variables.map((v: { example: string }) => v.example)] } },
      { type: 'FOOTER', text: d.footer },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: d.button.text, url: d.button.url }] },
    ];
    const created = await post('/api/whatsapp/templates', {
      name: 'assistant_draft_20261207_0827',
      language: 'en',
      category: 'MARKETING',
      components,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(json(created).data.status).toBe('DRAFT');
  });

  it('keeps to one part when asked, keeps links free of punctuation, and the SMS saves as the card sends it', async () => {
    const { data } = await chat(
      t,
      cast.owner.token,
      'Write an SMS in one part: 15% off perfumes this weekend only, details at https://shop.example/p.',
    );
    const d = data.drafts[0];
    expect(d.sms).toMatchObject({ max_parts: 1, parts: 1, fits: true, encoding: 'GSM-7' });
    expect(d.body).not.toMatch(LINK_GLUED);
    expect(d.body).not.toMatch(/\.\.\.|…/);
    expect(d.body).toContain('https://shop.example/p ');
    const res = await post('/api/templates', {
      template_name: 'Assistant draft 7 December 2026 08:27',
      message_type: 'sms',
      category: 'marketing',
      template_text: d.body,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.status).toBe('DRAFT');
  });

  it('streams the draft as its own event', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat/stream',
      headers: { ...bearer(cast.owner.token), accept: 'text/event-stream' },
      payload: { query: 'Draft an email about our new winter collection', conversation_id: randomUUID() },
    });
    const events = sseEvents(res.body);
    const draft = events.find((e) => e.event === 'draft')?.data;
    expect(draft).toMatchObject({ channel: 'email', language: 'en', source: 'builtin' });
    expect(draft.subject.length).toBeGreaterThan(0);
    expect(draft.html).toContain('winter collection');
    expect(events.at(-1)?.data.drafts).toEqual([draft]);
  });
});

describe('drafting through a model', () => {
  beforeAll(() => engine('auto'));

  it("offers the model's draft_template text as a draft and saves nothing", async () => {
    const before = await saved();
    const { data } = await chat(t, cast.owner.token, 'Write an SMS about the weekend offer');
    expect(data.engine).toBe('openai-compatible');
    expect(await saved()).toEqual(before);
    expect(data.cards).toEqual([]);
    expect(data.drafts).toHaveLength(1);
    expect(data.drafts[0]).toMatchObject({ channel: 'sms', language: 'en', source: 'model', offer: null, language_check: { ok: true } });
    expect(data.drafts[0].body).toContain('{{first_name|there}}');
    expect(data.response).toMatch(/nothing is saved/i);
  });
});
