/**
 * SSRF guard for URLs a tenant enters that the server will call (connection post/listen URLs,
 * outbound webhooks): http(s) only, and every address the host resolves to must be public —
 * private networks, loopback, link-local (169.254.x.x, the cloud metadata endpoint), CGNAT,
 * multicast and reserved ranges are refused with PRIVATE_ADDRESS_NOT_ALLOWED, unless the config
 * allows private targets (OUTBOUND_ALLOW_PRIVATE) or lists the host in
 * OUTBOUND_ALLOWED_HOSTS. Check again right before each call (DNS can change).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}

/** True for any address that is not a public unicast one (unparseable counts as private). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return BLOCKED.check(mapped[1] as string, 'ipv4');
  const family = isIP(bare);
  if (family === 0) return true;
  return BLOCKED.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

type OutboundConfig = Pick<Config, 'outbound'>;

function allowed(config: OutboundConfig, host: string) {
  return config.outbound.allowPrivate || config.outbound.allowedHosts.includes(host.toLowerCase());
}

/** Resolves a host name (all addresses) and refuses private ones; `field` names the input in the error. */
export async function assertPublicHost(config: OutboundConfig, host: string, field: string): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (allowed(config, bare)) return;
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.host' }] });
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new AppError('PRIVATE_ADDRESS_NOT_ALLOWED', { errors: [{ field, message: 'errors.PRIVATE_ADDRESS_NOT_ALLOWED' }] });
  }
}

/** An http(s) URL the server may call; throws VALIDATION_ERROR or PRIVATE_ADDRESS_NOT_ALLOWED. */
export async function assertOutboundUrl(config: OutboundConfig, url: string, field: string): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.url' }] });
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.url' }] });
  }
  await assertPublicHost(config, parsed.hostname, field);
  return parsed;
}
