import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../modules/whatsapp/whatsapp-webhook.service.ts';
import { decideTemplate, signWebhook, startWhatsAppCloudSimulator } from './whatsapp-cloud.ts';

type Reviewed = Parameters<typeof decideTemplate>[0];
const tpl = (category: string, text: string, extra: Reviewed['components'] = []): Reviewed => ({
  category,
  components: [{ type: 'BODY', text }, ...extra],
});

describe('simulator review rules (docs/decisions.md)', () => {
  it('approves a plain utility message', () => {
    expect(decideTemplate(tpl('UTILITY', 'Your order {{1}} has shipped'))).toEqual({ status: 'APPROVED', reason: 'NONE' });
  });
  it.each([
    ['a shortener in the body', tpl('MARKETING', 'See https://bit.ly/abc')],
    ['a shortener in a URL button', tpl('MARKETING', 'See the offer', [{ type: 'BUTTONS', buttons: [{ url: 'https://tinyurl.com/x' }] }])],
    ['an unmatched variable', tpl('UTILITY', 'Hi {{name}}')],
    ['a half-open variable', tpl('UTILITY', 'Hi {{1}')],
  ])('INVALID_FORMAT for %s', (_label, t) => {
    expect(decideTemplate(t)).toEqual({ status: 'REJECTED', reason: 'INVALID_FORMAT' });
  });
  it.each(['Summer sale starts now', 'Get 20% off today', 'Use this discount', 'خصم خاص لك'])(
    'PROMOTIONAL for a utility body like "%s", approved as marketing',
    (text) => {
      expect(decideTemplate(tpl('UTILITY', text))).toEqual({ status: 'REJECTED', reason: 'PROMOTIONAL' });
      expect(decideTemplate(tpl('AUTHENTICATION', text)).reason).toBe('PROMOTIONAL');
      expect(decideTemplate(tpl('MARKETING', text)).status).toBe('APPROVED');
    },
  );
});

describe('webhook signatures', () => {
  const raw = Buffer.from('{"object":"whatsapp_business_account"}');
  it('signs like Meta and verifies in constant time', () => {
    const expected = `sha256=${createHmac('sha256', 'secret-secret-secret').update(raw).digest('hex')}`;
    expect(signWebhook('secret-secret-secret', raw)).toBe(expected);
    expect(verifySignature('secret-secret-secret', raw, expected)).toBe(true);
  });
  it.each([undefined, '', 'sha256=', 'sha1=abc', 'sha256=00', signWebhook('other-secret-value', raw)])('refuses %s', (header) => {
    expect(verifySignature('secret-secret-secret', raw, header)).toBe(false);
  });
});

describe('sandbox phone numbers', () => {
  it('answers GET /{phone_number_id} for sandbox ids and Graph error 100 for unknown ones', async () => {
    const sim = await startWhatsAppCloudSimulator({ appSecret: 'unit-app-secret-0123456789', decisionMs: 600_000 });
    try {
      const get = (id: string) => fetch(`${sim.url}/v21.0/${id}?fields=display_phone_number`, { headers: { authorization: 'Bearer x' } });
      const okRes = await get('900000000000042');
      expect(okRes.status).toBe(200);
      expect(await okRes.json()).toMatchObject({ id: '900000000000042', display_phone_number: '+1 555 0000042' });
      const unknown = await get('123456789012345');
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(100);
    } finally {
      await sim.close();
    }
  });

  it('a number belongs to one business: another token is told it does not exist or is not permitted', async () => {
    const sim = await startWhatsAppCloudSimulator({ appSecret: 'unit-app-secret-0123456789', decisionMs: 600_000 });
    try {
      const get = (id: string, token: string) => fetch(`${sim.url}/v21.0/${id}`, { headers: { authorization: `Bearer ${token}` } });
      sim.assignNumber('106540352242922', 'owner-token');
      expect((await get('106540352242922', 'owner-token')).status).toBe(200);
      const refused = await get('106540352242922', 'other-token');
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
        code: 100,
        message: expect.stringContaining('missing permissions'),
      });
      // a free 16-digit sandbox number is the first reader's
      expect((await get('9000000000777770', 'first-token')).status).toBe(200);
      expect((await get('9000000000777770', 'first-token')).status).toBe(200);
      expect((await get('9000000000777770', 'second-token')).status).toBe(400);
      // the accounts' seeded numbers stay readable with the sandbox's shared token
      expect((await get('900000000000042', 'any-token')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
