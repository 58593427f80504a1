import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 over key and expiry (unix seconds), base64url: the local driver's signed links. */
export function signDownload(secret: string, key: string, exp: number): string {
  return createHmac('sha256', `storage-download:${secret}`).update(`${key}\n${exp}`).digest('base64url');
}

/** True when the signature matches and the link has not expired. */
export function verifyDownload(secret: string, key: string, exp: number, sig: string, now = Date.now()): boolean {
  if (exp * 1000 < now) return false;
  const expected = Buffer.from(signDownload(secret, key, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
