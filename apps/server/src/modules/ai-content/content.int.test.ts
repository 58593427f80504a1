/**
 * Content generation on the built-in engine through the API: SMS, email and WhatsApp variants in
 * both languages with their checks, a campaign draft's defaults, and briefs from real PDF, DOCX and
 * text files (type by content; phone numbers and emails kept out of what a model would read).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { smsParts } from '../ai/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, multipartFile, type TestApp } from '../../test/helper.ts';
import { call, planCast } from '../ai-plans/plan-fixtures.ts';
import { buildDocx } from '../templates/docx.fixture.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof planCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await planCast(t);
});
afterAll(async () => {
  await t?.close();
});

const generate = (body: Record<string, unknown>, token = cast.marketer.token) =>
  call(t, token, 'POST', '/api/ai/content/generate', { brand_id: cast.brandId, ...body });

describe('POST /api/ai/content/generate', () => {
  it('writes SMS variants within the parts asked for (or says they do not fit), in both encodings, with their checks — and saves nothing', async () => {
    const [before] = await t.sql<{ n: number }>('select count(*)::int as n from templates where account_id = $1', [cast.owner.accountId]);
    for (const [language, topic] of [
      ['en', 'our summer collection is in store'],
      ['ar', 'تشكيلة الصيف وصلت إلى المتجر'],
    ] as const) {
      for (const max_parts of [1, 2]) {
        const r = await generate({ channel: 'sms', language, topic, max_parts, variants: 5, link: 'https://shop.example/summer' });
        expect(r.status, r.res.body).toBe(200);
        expect(r.data).toMatchObject({ engine: 'builtin', model: null, channel: 'sms', language, max_parts, replaced: 0 });
        expect(r.data.variants).toHaveLength(5);
        for (const v of r.data.variants) {
          expect(v.sms).toMatchObject(smsParts(v.sms.text));
          expect(v.sms.encoding).toBe(language === 'ar' ? 'UCS-2' : 'GSM-7');
          // a shorter phrasing, never a cut; a message that cannot fit says so
          expect(v.sms.text).not.toMatch(/\.\.\.|…/);
          expect(v.checks.parts_ok, v.sms.text).toBe(v.sms.parts <= max_parts);
          expect({ ...v.checks, parts_ok: true }, v.sms.text).toEqual({
            parts_ok: true,
            variables_ok: true,
            opt_out: true,
            language_ok: true,
            grounded: true,
          });
          expect(v.source).toBe('builtin');
        }
        // two parts hold the offer in both languages
        if (max_parts === 2) expect(r.data.variants.every((v: any) => v.checks.parts_ok)).toBe(true);
      }
    }
    // the demo brand's voice ("Warm, short sentences") puts the friendly style first
    expect((await generate({ channel: 'sms', language: 'en', topic: 'x' })).data.variants[0].style).toBe('friendly');
    const [after] = await t.sql<{ n: number }>('select count(*)::int as n from templates where account_id = $1', [cast.owner.accountId]);
    expect(after?.n).toBe(before?.n);
  });

  it("writes email the editor can open and WhatsApp bodies in Meta's format", async () => {
    const email = await generate({ channel: 'email', language: 'ar', objective: 'retention', topic: 'هدية مع كل طلب', variants: 2 });
    const e = email.data.variants[0].email;
    expect(e.html).toContain('dir="rtl"');
    expect(e.subject.length).toBeGreaterThan(0);
    expect(email.data.variants[0].checks.opt_out).toBe(true);
    const wa = await generate({
      channel: 'whatsapp',
      language: 'en',
      topic: 'new arrivals',
      variants: 1,
      link: 'https://shop.example/new',
    });
    const w = wa.data.variants[0].whatsapp;
    expect(w.body).toMatch(/^Hi \{\{1\}\},/);
    expect(w.parameters).toEqual([{ index: 1, variable: 'first_name', example: 'Sara' }]);
    // the components are what the WhatsApp template API takes as they are
    const created = await call(t, cast.marketer.token, 'POST', '/api/whatsapp/templates', {
      name: 'ai_new_arrivals',
      language: 'en',
      category: 'MARKETING',
      components: w.components,
    });
    expect(created.status, created.res.body).toBe(201);
  });

  it('for a campaign draft, takes its brand, audience and language', async () => {
    const demo = cast.groups.find((g) => g.name === 'Demo customers')?.id;
    const draft = await call(t, cast.marketer.token, 'POST', '/api/campaigns', {
      name: 'Draft for AI',
      brand_id: cast.brandId,
      objective: 'Eid offer',
      channels: ['sms'],
      audience: { group_ids: [demo] },
    });
    const r = await call(t, cast.marketer.token, 'POST', '/api/campaigns/ai/generate', { campaign_id: draft.data.id, channel: 'sms' });
    expect(r.status, r.res.body).toBe(200);
    // most demo customers read Arabic
    expect(r.data.language).toBe('ar');
    expect(r.data.facts).toMatchObject({
      topic: 'Eid offer',
      brand: { name: 'Risala Demo Store' },
      audience: { groups: ['Demo customers'], customers: 500 },
    });
    // the objective is read as an offer, not pasted: an Arabic text speaks of the Eid in Arabic
    expect(r.data.variants[0].sms.text).not.toContain('Eid offer');
    expect(r.data.variants[0].sms.text).toContain('العيد');
    expect(r.data.variants[0].checks.language_ok).toBe(true);
  });

  it('refuses who may not write and plans without AI', async () => {
    expect((await generate({ channel: 'sms', language: 'en', topic: 'x' }, cast.viewer.token)).status).toBe(403);
    expect((await generate({ channel: 'sms', language: 'fr', topic: 'x' })).status).toBe(400);
    expect((await generate({ channel: 'sms', language: 'en', topic: 'x', max_parts: 9 })).status).toBe(400);
  });
});

describe('POST /api/ai/upload (briefs)', () => {
  const upload = (file: Parameters<typeof multipartFile>[0], fields: Record<string, string> = {}) => {
    const m = multipartFile(file, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/ai/upload',
      headers: { ...bearer(cast.marketer.token), ...m.headers },
      payload: m.payload,
    });
  };

  it('reads a PDF (Arabic lines in reading order), a DOCX and a text file; the type comes from the content', async () => {
    const pdf = readFileSync(path.join(import.meta.dirname, 'fixtures', 'brief.pdf'));
    const a = await upload({ filename: 'brief.pdf', contentType: 'application/pdf', data: pdf }, { brand_id: String(cast.brandId) });
    expect(a.statusCode, a.body).toBe(201);
    expect(json(a).data).toMatchObject({ kind: 'pdf', brand_id: cast.brandId, filename: 'brief.pdf' });
    const [row] = await t.sql<{ text: string }>('select text from ai_briefs where id = $1', [json(a).data.id]);
    expect(row?.text).toContain('Offer: 25% off home collection until 15 March.');
    expect(row?.text).toContain('العرض: خصم ٢٥٪ على تشكيلة المنزل حتى ١٥ مارس.');

    const docx = await buildDocx('Ramadan brief', ['Gift wrapping on every order', 'Call Sara on +966 50 123 4567 or sara@shop.example']);
    const b = await upload({ filename: 'x.bin', contentType: 'application/octet-stream', data: docx });
    expect(json(b).data.kind).toBe('docx');
    const text = await upload({
      filename: 'notes.txt',
      contentType: 'text/plain',
      data: Buffer.from('Tone: playful. Offer: buy 2 get 1.'),
    });
    expect(json(text).data).toMatchObject({ kind: 'text', characters: 34 });
    const png = await upload({
      filename: 'brief.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    expect(json(png).code).toBe('INVALID_FILE_TYPE');
    expect(json(await upload(null)).code).toBe('FILE_REQUIRED');

    // a brief grounds the writing; its contact details never reach the facts a model reads
    const r = await generate({ channel: 'sms', language: 'en', topic: 'Ramadan gifts', brief_id: json(b).data.id });
    expect(r.data.facts.brief.text).toContain('Gift wrapping on every order');
    expect(r.data.facts.brief.text).toContain('[phone]');
    expect(r.data.facts.brief.text).not.toContain('123 4567');
    expect(r.data.facts.brief.text).toContain('[email]');
    const list = await call(t, cast.marketer.token, 'GET', `/api/ai/briefs?brand_id=${cast.brandId}`);
    expect(list.data.items.map((i: any) => i.kind)).toEqual(['text', 'docx', 'pdf']);
    expect(
      (
        await call(t, cast.stranger.token, 'POST', '/api/ai/content/generate', {
          channel: 'sms',
          language: 'en',
          topic: 'x',
          brief_id: json(b).data.id,
        })
      ).status,
    ).toBe(404);
  });
});
