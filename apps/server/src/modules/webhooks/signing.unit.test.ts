import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs, newWebhookSecret, signatureHeader, verifySignature } from './signing.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"1","type":"message.status"}';

  it('signs "<t>.<body>" with HMAC-SHA256 in the documented header', () => {
    const header = signatureHeader(secret, body, 1_800_000_000);
    const expected = createHmac('sha256', secret).update(`1800000000.${body}`).digest('hex');
    expect(header).toBe(`t=1800000000,v1=${expected}`);
  });

  it('verifies within the tolerance and refuses an old timestamp, another body or another secret', () => {
    const header = signatureHeader(secret, body, 1_800_000_000);
    expect(verifySignature(secret, header, body, 1_800_000_100)).toBe(true);
    expect(verifySignature(secret, header, body, 1_800_000_301)).toBe(false);
    expect(verifySignature(secret, header, `${body} `, 1_800_000_000)).toBe(false);
    expect(verifySignature('whsec_other', header, body, 1_800_000_000)).toBe(false);
    expect(verifySignature(secret, 'v1=abc', body, 1_800_000_000)).toBe(false);
  });

  it('makes secrets of the documented shape', () => {
    const s = newWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(s);
  });
});

describe('retry backoff', () => {
  const c = { baseDelayMs: 10_000, maxDelayMs: 3_600_000 };
  it('doubles per attempt between half and the whole of the step, capped', () => {
    expect(backoffMs(1, c, () => 0)).toBe(5_000);
    expect(backoffMs(1, c, () => 1)).toBe(10_000);
    expect(backoffMs(3, c, () => 1)).toBe(40_000);
    expect(backoffMs(4, c, () => 0.5)).toBe(60_000);
    expect(backoffMs(20, c, () => 1)).toBe(3_600_000);
    expect(backoffMs(200, c, () => 0)).toBe(1_800_000);
  });
  it('spreads retries with jitter', () => {
    const seen = new Set(Array.from({ length: 20 }, () => backoffMs(5, c)));
    expect(seen.size).toBeGreaterThan(10);
  });
});
