/**
 * The full round trip over real sockets: the app listens on 127.0.0.1, the sandbox Cloud API
 * simulator runs on its own loopback port, decides after 100 ms and POSTs signed webhooks back.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, startWhatsAppCloudSimulator, type WhatsAppCloudSimulator } from '../../sandbox/whatsapp-cloud.ts';
import { bearer, createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { waTemplate } from './whatsapp.fixtures.ts';

const BASE = '/api/whatsapp/templates';
const SECRET = 'roundtrip-app-secret-0123456789';
const WABA = '5550001112';

let t: TestApp;
let sim: WhatsAppCloudSimulator;
let auth: Record<string, string>;
let webhookUrl: string;

beforeAll(async () => {
  sim = await startWhatsAppCloudSimulator({ appSecret: SECRET, decisionMs: 100 });
  t = await createTestApp({
    WHATSAPP_API_BASE: sim.url,
    WHATSAPP_WABA_ID: WABA,
    WHATSAPP_ACCESS_TOKEN: 'roundtrip-token',
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/whatsapp`;
  sim.setWebhookUrl(webhookUrl);
  const owner = await signUp(t);
  auth = bearer((await signIn(t, owner.email)).token);
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

const get = async (id: number) => (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: auth })).json().data;

async function waitForStatus(id: number, status: string) {
  for (let i = 0; i < 100; i++) {
    const tpl = await get(id);
    if (tpl.status === status) return tpl;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`template ${id} never became ${status} (is ${(await get(id)).status})`);
}

async function createAndSubmit(overrides: Record<string, unknown>) {
  const id = (await t.app.inject({ method: 'POST', url: BASE, headers: auth, payload: waTemplate(overrides) })).json().data.id;
  const res = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('PENDING');
  return { id: id as number, externalId: res.json().data.external_id as string };
}

async function notifications() {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: auth });
  return res.json().data.notifications as { type: string; title: string; message: string }[];
}

const body = (text: string, examples: string[] = []) => ({
  type: 'BODY',
  text,
  ...(examples.length ? { example: { body_text: [examples] } } : {}),
});

function statusEvent(externalId: string, event: string, time = Math.floor(Date.now() / 1000), reason = 'NONE') {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA,
        time,
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event,
              message_template_id: Number(externalId),
              message_template_name: 'x',
              message_template_language: 'en_US',
              reason,
            },
          },
        ],
      },
    ],
  });
}
const post = (raw: string, signature?: string) =>
  fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body: raw,
  });

describe('webhook handshake', () => {
  it('echoes hub.challenge for the verify token, 403 otherwise', async () => {
    const ok = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${webhookUrl}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`);
    expect(wrong.status).toBe(403);
    const noMode = await fetch(`${webhookUrl}?hub.verify_token=verify-me-please&hub.challenge=1`);
    expect(noMode.status).toBe(403);
  });
});

describe('submit → simulator decision → signed webhook', () => {
  it('approves a clean utility template and tells the author', async () => {
    const { id } = await createAndSubmit({ name: 'rt_clean' });
    const tpl = await waitForStatus(id, 'APPROVED');
    expect(tpl.rejection_reason).toBeNull();
    const list = await notifications();
    expect(list.find((n) => n.type === 'template_status' && n.message.includes('rt_clean'))?.title).toBe('WhatsApp template approved');
  });

  it('rejects a utility template that reads as marketing (PROMOTIONAL), then approves the fixed edit', async () => {
    const { id } = await createAndSubmit({ name: 'rt_promo', components: [body('Big sale: 50% off for {{1}} this week', ['Sara'])] });
    const tpl = await waitForStatus(id, 'REJECTED');
    expect(tpl.rejection_reason).toBe('PROMOTIONAL');
    const note = (await notifications()).find((n) => n.message.includes('rt_promo'));
    expect(note?.title).toBe('WhatsApp template rejected');
    // the reason and the language in the reader's words, not Meta's codes
    expect(note?.message).toContain('reads as marketing');
    expect(note?.message).not.toContain('PROMOTIONAL');
    expect(note?.message).toContain('(\u2068American English\u2069)');
    const ar = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: { ...auth, 'accept-language': 'ar' } });
    const noteAr = (ar.json().data.notifications as { message: string }[]).find((n) => n.message.includes('rt_promo'));
    expect(noteAr?.message).toContain('الإنجليزية');
    expect(noteAr?.message).toContain('يبدو النص تسويقيًا');

    // editing a rejected template returns it to DRAFT; resubmitting edits it at the Cloud API
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers: auth,
      payload: waTemplate({
        name: 'rt_promo',
        category: 'MARKETING',
        components: [body('Big sale: 50% off for {{1}} this week', ['Sara'])],
      }),
    });
    expect(put.json().data).toMatchObject({ status: 'DRAFT', rejection_reason: null });
    const rename = await t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: auth, payload: waTemplate({ name: 'rt_promo_2' }) });
    expect(rename.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth })).statusCode).toBe(200);
    await waitForStatus(id, 'APPROVED');
  });

  it('rejects a URL shortener and a malformed variable as INVALID_FORMAT', async () => {
    const a = await createAndSubmit({ name: 'rt_short', components: [body('Track it at https://bit.ly/3xYz')] });
    const b = await createAndSubmit({ name: 'rt_braces', components: [body('Hello {{name}}, welcome')] });
    expect((await waitForStatus(a.id, 'REJECTED')).rejection_reason).toBe('INVALID_FORMAT');
    expect((await waitForStatus(b.id, 'REJECTED')).rejection_reason).toBe('INVALID_FORMAT');
  });
});

describe('webhook signature and ordering', () => {
  it('refuses forged, missing and body-modified signatures and changes nothing', async () => {
    sim.setWebhookUrl(null); // keep the simulator's own decision out of this test
    const { id, externalId } = await createAndSubmit({ name: 'rt_forged' });
    const raw = statusEvent(externalId, 'APPROVED');
    const forged = await post(raw, signWebhook('not-the-app-secret', raw));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await post(raw)).status).toBe(401);
    expect((await post(raw, 'sha256=zz')).status).toBe(401);
    const tampered = raw.replace('"APPROVED"', '"REJECTED"');
    expect((await post(tampered, signWebhook(SECRET, raw))).status).toBe(401);
    expect((await get(id)).status).toBe('PENDING');

    // the genuine one applies; a repeated delivery changes nothing and notifies once
    expect((await post(raw, signWebhook(SECRET, raw))).status).toBe(200);
    expect((await post(raw, signWebhook(SECRET, raw))).status).toBe(200);
    expect((await get(id)).status).toBe('APPROVED');
    expect((await notifications()).filter((n) => n.message.includes('rt_forged'))).toHaveLength(1);

    // an older event (a minute before) does not override the newer decision
    const stale = statusEvent(externalId, 'REJECTED', Math.floor(Date.now() / 1000) - 60, 'INVALID_FORMAT');
    expect((await post(stale, signWebhook(SECRET, stale))).status).toBe(200);
    expect((await get(id)).status).toBe('APPROVED');
    // a newer one does (Meta pauses templates after poor feedback)
    const later = statusEvent(externalId, 'PAUSED', Math.floor(Date.now() / 1000) + 5);
    expect((await post(later, signWebhook(SECRET, later))).status).toBe(200);
    expect((await get(id)).status).toBe('PAUSED');

    // unknown templates and other fields are acknowledged without effect
    const unknown = statusEvent('123456789012345', 'APPROVED');
    expect((await post(unknown, signWebhook(SECRET, unknown))).status).toBe(200);
    sim.setWebhookUrl(webhookUrl);
  });
});

describe('check-status', () => {
  it('reads the decision from the Cloud API when no webhook arrived', async () => {
    sim.setWebhookUrl(null);
    const { id, externalId } = await createAndSubmit({ name: 'rt_poll' });
    for (let i = 0; i < 100 && sim.templates.get(externalId)?.status === 'PENDING'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await get(id)).status).toBe('PENDING');
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/check-status`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('APPROVED');
    expect((await notifications()).some((n) => n.message.includes('rt_poll'))).toBe(true);
    sim.setWebhookUrl(webhookUrl);
  });
});
