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

/**
 * A lasting public address for an image in an email (the builder's library images, brand logos):
 * mail clients load it without a session, for as long as the file is stored. HMAC-SHA256 over the
 * key only, so the address cannot be made up for another file.
 */
export function signPublicImage(secret: string, key: string): string {
  return createHmac('sha256', `storage-public-image:${secret}`).update(key).digest('base64url').slice(0, 32);
}

export function verifyPublicImage(secret: string, key: string, sig: string): boolean {
  const expected = Buffer.from(signPublicImage(secret, key));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const publicImageUrl = (publicUrl: string, secret: string, key: string) =>
  `${publicUrl}/api/s3/public/${signPublicImage(secret, key)}/${key}`;
