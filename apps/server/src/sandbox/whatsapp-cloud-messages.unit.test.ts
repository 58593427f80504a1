import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCloudApi, type CloudApiError } from '../channels/whatsapp/cloud-api.ts';
import { verifySignature } from '../modules/whatsapp/whatsapp-webhook.service.ts';
import { startWhatsAppCloudSimulator, type WhatsAppCloudSimulator } from './whatsapp-cloud.ts';

const SECRET = 'unit-app-secret-0123456789';
const PHONE = '900000000000042';
let sim: WhatsAppCloudSimulator;
let receiver: Server;
const received: { signed: boolean; body: any }[] = [];

async function start(opts: { shuffleStatuses?: boolean } = {}) {
  received.length = 0;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ signed: verifySignature(SECRET, raw, req.headers['x-hub-signature-256']), body: JSON.parse(raw.toString('utf8')) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  sim = await startWhatsAppCloudSimulator({ appSecret: SECRET, decisionMs: 10, statusDelaysMs: [20, 60, 100], ...opts });
  sim.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`);
  sim.templates.set('1', {
    id: '1',
    waba_id: 'w',
    name: 'hello',
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hi {{1}}' }],
    status: 'APPROVED',
    rejected_reason: 'NONE',
  });
  sim.templates.set('2', {
    id: '2',
    waba_id: 'w',
    name: 'pending',
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hi' }],
    status: 'PENDING',
    rejected_reason: 'NONE',
  });
  return createCloudApi({ base: sim.url, version: 'v21.0', accessToken: 'token' });
}
afterEach(async () => {
  await sim?.close();
  await new Promise((r) => receiver?.close(r));
});

const statusesOf = () => received.flatMap((w) => w.body.entry[0].changes[0].value.statuses ?? []).map((s: { status: string }) => s.status);
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: CloudApiError) => ({ status: e.status, code: e.code }),
  );

describe('simulator message endpoints', () => {
  it('sends an approved template, then signed sent → delivered → read webhooks', async () => {
    const api = await start();
    const out = await api.sendMessage(PHONE, { type: 'template', to: '+966500000001', name: 'hello', language: 'en_US', params: ['Sara'] });
    expect(out.messages[0].id).toMatch(/^wamid\./);
    expect(out.contacts?.[0]).toMatchObject({ wa_id: '966500000001' });
    await until(() => received.length === 3);
    expect(statusesOf()).toEqual(['sent', 'delivered', 'read']);
    expect(received.every((w) => w.signed)).toBe(true);
    expect(received[0].body.entry[0].changes[0].value.statuses[0]).toMatchObject({ id: out.messages[0].id, recipient_id: '966500000001' });
  });

  it("answers Meta's errors: unknown template 132001, not approved 132015, parameter count 132000", async () => {
    const api = await start();
    const send = (name: string, params: string[]) =>
      api.sendMessage(PHONE, { type: 'template', to: '+966500000001', name, language: 'en_US', params });
    expect(await codeOf(send('nope', []))).toEqual({ status: 404, code: 132001 });
    expect(await codeOf(send('pending', []))).toEqual({ status: 400, code: 132015 });
    expect(await codeOf(send('hello', []))).toEqual({ status: 400, code: 132000 });
  });

  it('free text only within 24 hours of an inbound message from that number (else 131047)', async () => {
    const api = await start();
    const text = () => api.sendMessage(PHONE, { type: 'text', to: '+966500000002', text: 'Hello' });
    expect(await codeOf(text())).toEqual({ status: 400, code: 131047 });
    await sim.deliverInbound({ phone_number_id: PHONE, from: '966500000002', text: 'hi' });
    const inbound = received.find((w) => w.body.entry[0].changes[0].value.messages);
    expect(inbound?.signed).toBe(true);
    expect(inbound?.body.entry[0].changes[0].value.messages[0]).toMatchObject({ from: '966500000002', type: 'text', text: { body: 'hi' } });
    expect((await text()).messages[0].id).toMatch(/^wamid\./);
  });

  it('sends statuses out of order when asked; a number ending in 0000 fails with 131026', async () => {
    const api = await start({ shuffleStatuses: true });
    await api.sendMessage(PHONE, { type: 'template', to: '+966500000003', name: 'hello', language: 'en_US', params: ['A'] });
    await until(() => received.length === 3);
    expect(statusesOf()).toEqual(['read', 'delivered', 'sent']);
    received.length = 0;
    await api.sendMessage(PHONE, { type: 'template', to: '+966500010000', name: 'hello', language: 'en_US', params: ['A'] });
    await until(() => received.length === 2);
    expect(statusesOf().sort()).toEqual(['failed', 'sent']);
  });
});
