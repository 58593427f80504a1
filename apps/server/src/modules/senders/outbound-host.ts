import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * SSRF guard for the SMTP relay host a tenant enters: every address the name resolves to must be
 * public, unless ALLOW_PRIVATE_OUTBOUND is set (a self-hosted relay on the LAN, or tests).
 * (The gateway's lib/outbound-url.ts guards URLs; this one guards a bare host name.)
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4mapped) return PRIVATE.check(v4mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Throws PRIVATE_ADDRESS_NOT_ALLOWED (field `field`) for a private/loopback host, VALIDATION_ERROR when it does not resolve. */
export async function assertPublicHost(config: Config, host: string, field = 'smtp_host') {
  if (config.allowPrivateOutbound) return;
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.host' }] });
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new AppError('PRIVATE_ADDRESS_NOT_ALLOWED', { errors: [{ field, message: 'validation.host' }] });
  }
}
