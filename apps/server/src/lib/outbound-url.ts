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

/** The 16 bytes of a valid IPv6 address (any spelling: `::`, a trailing dotted quad). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  let quad: number[] | null = null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    quad = dotted.slice(1).map(Number);
    text = `${text.slice(0, -dotted[0].length)}0:0`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (quad) bytes.splice(12, 4, ...quad);
  return bytes;
}

const v4 = (b: number[], at: number) => b.slice(at, at + 4).join('.');

/**
 * The IPv4 address an IPv6 spelling carries, judged by the IPv4 rules: IPv4-mapped
 * (::ffff:a.b.c.d, also in hex), IPv4-compatible (::a.b.c.d, the deprecated ::/96 — :: and ::1
 * included) and 6to4 (2002:AABB:CCDD::). Null when it carries none.
 */
function embeddedIpv4(bytes: number[]): string | null {
  const zeros = (n: number) => bytes.slice(0, n).every((x) => x === 0);
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(bytes, 12);
  if (zeros(12)) return v4(bytes, 12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(bytes, 2);
  return null;
}

/** True for any address that is not a public unicast one (unparseable counts as private). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  const bytes = ipv6Bytes(bare);
  // Teredo (2001:0::/32) hides its IPv4 server and client: never a target
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) return true;
  const inner = embeddedIpv4(bytes);
  if (inner !== null && BLOCKED.check(inner, 'ipv4')) return true;
  // IPv4-compatible addresses are deprecated and never routed: refused whatever they carry
  if (inner !== null && bytes.slice(0, 12).every((x) => x === 0)) return true;
  return BLOCKED.check(bare, 'ipv6');
}

type OutboundConfig = Pick<Config, 'outbound'>;

function allowed(config: OutboundConfig, host: string) {
  return config.outbound.allowPrivate || config.outbound.allowedHosts.includes(host.toLowerCase());
}

/**
 * Resolves a host name (all addresses) and refuses private ones; `field` names the input in the
 * error. `allowUnresolved`: a name that does not resolve (yet) passes — for settings saved now and
 * connected later, where the connection checks again.
 */
export async function assertPublicHost(
  config: OutboundConfig,
  host: string,
  field: string,
  opts: { allowUnresolved?: boolean } = {},
): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (allowed(config, bare)) return;
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  } catch (err) {
    if (opts.allowUnresolved) return;
    // a well-formed name that does not resolve is not a typo in its shape: say so
    const code = (err as NodeJS.ErrnoException).code;
    const unknown = code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'ENODATA';
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: unknown ? 'validation.hostNotFound' : 'validation.host' }] });
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
