/**
 * The delivery signature (docs/webhooks.md), Stripe-like:
 *   Risala-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * and the retry schedule: exponential backoff with jitter inside the retry window.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Risala-Signature';
/** receivers reject a signature whose timestamp is further than this from their clock */
export const TOLERANCE_SECONDS = 300;

/** a new endpoint secret: `whsec_` + 32 random bytes, base64url */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureOf(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/**
 * What a receiver does (and the docs show): the header's timestamp within the tolerance and one of
 * its v1 signatures equal to ours (several v1 may come while a secret is being rotated).
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now = Math.floor(Date.now() / 1000),
  tolerance = TOLERANCE_SECONDS,
): boolean {
  let t = Number.NaN;
  const sigs: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v && /^\d+$/.test(v)) t = Number(v);
    else if (k === 'v1' && v) sigs.push(v);
  }
  if (!Number.isFinite(t) || Math.abs(now - t) > tolerance) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return sigs.some((s) => {
    const got = Buffer.from(s, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

export interface BackoffConfig {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The wait before retry number `attempt` (1 = after the first failure): base · 2^(attempt−1),
 * capped, then "equal jitter" — half fixed, half random — so retries of many deliveries that
 * failed together spread out instead of arriving again at the same instant.
 */
export function backoffMs(attempt: number, c: BackoffConfig, random: () => number = Math.random): number {
  const exp = Math.min(c.maxDelayMs, c.baseDelayMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}
