/**
 * An API key's credentials: a public `client_id` (`rk_` + 16 base32 characters) and a password of
 * 32 random bytes (base64url), shown once. Only the password's SHA-256 is stored: the secret has
 * 256 bits of entropy, so a slow hash (argon2) buys nothing against guessing and would cap the API
 * at a few hundred calls a second (docs/decisions.md).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 16 base32 characters from 10 random bytes (80 bits). */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const newClientId = () => `rk_${base32(randomBytes(10))}`;
export const newPassword = () => randomBytes(32).toString('base64url');
export const hashSecret = (password: string) => createHash('sha256').update(password, 'utf8').digest();

/** The stored hash matches the presented password (constant time). */
export function secretMatches(stored: Buffer | null | undefined, password: string): boolean {
  if (stored?.length !== 32) return false;
  return timingSafeEqual(stored as Buffer, hashSecret(password));
}

const CLIENT_ID = /^rk_[a-z2-7]{16}$/;

/**
 * The credentials an Authorization header carries: `Basic base64(client_id:password)` or
 * `Bearer <client_id>.<password>`. Null when the header is neither (a session token, nothing).
 */
export function readKeyCredentials(header: string | undefined): { clientId: string; password: string } | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0) return null;
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  let clientId: string;
  let password: string;
  if (scheme === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    clientId = decoded.slice(0, colon);
    password = decoded.slice(colon + 1);
  } else if (scheme === 'bearer') {
    const dot = value.indexOf('.');
    if (dot < 0) return null;
    clientId = value.slice(0, dot);
    password = value.slice(dot + 1);
  } else {
    return null;
  }
  if (!CLIENT_ID.test(clientId) || !password || password.length > 200) return null;
  return { clientId, password };
}

/** Does the header look like an API key (so a session route can say why it refuses it)? */
export function looksLikeApiKey(header: string | undefined): boolean {
  if (!header) return false;
  return /^basic\s/i.test(header) || /^bearer\s+rk_/i.test(header);
}

/** The caller's address without an IPv4-mapped prefix (::ffff:203.0.113.7 is 203.0.113.7). */
const plainIp = (ip: string) => (ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

const lists = new Map<string, BlockList>();

/** The address is in the allow-list (an empty list allows every address). */
export function ipAllowed(allow: readonly string[], ip: string): boolean {
  if (allow.length === 0) return true;
  const cacheKey = allow.join(',');
  let list = lists.get(cacheKey);
  if (!list) {
    list = new BlockList();
    for (const entry of allow) {
      const [addr = '', bits] = entry.split('/');
      const type = isIPv6(addr) ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(addr, type);
      else list.addSubnet(addr, Number(bits), type);
    }
    if (lists.size > 1000) lists.clear();
    lists.set(cacheKey, list);
  }
  const addr = plainIp(ip);
  return list.check(addr, isIPv6(addr) ? 'ipv6' : 'ipv4');
}
