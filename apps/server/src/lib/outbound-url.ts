/**
 * SSRF guard for hosts a tenant names that the server will call (its own AI server, HTTP gateway
 * post URLs, SMPP hosts and proxies, SMTP relays): http(s) only for URLs, and every address the
 * name resolves to must be public unicast. The ranges come from a maintained list — `ipaddr.js`'s
 * `range()`: anything it names (private, loopback, link-local with the metadata endpoint, CGNAT,
 * reserved, 6to4, Teredo, NAT64, site-local, unique-local, multicast, benchmarking …) is refused
 * with PRIVATE_ADDRESS_NOT_ALLOWED, unless the config allows private targets
 * (OUTBOUND_ALLOW_PRIVATE) or lists the host in OUTBOUND_ALLOWED_HOSTS.
 *
 * A check on its own cannot stop DNS rebinding (the name may answer differently when the socket
 * connects): `resolveOutbound` is also what the connections use — `checkedLookup` for node:http and
 * net, the guarded connector of `safe-fetch.ts` for HTTP clients — so each connection goes to the
 * address that was checked, resolved once.
 */
import dns, { type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

const DNS_TIMEOUT_MS = 5000;

/**
 * True for any address that is not public unicast (unparseable counts as private). An IPv4-mapped
 * IPv6 address is judged as the IPv4 it carries. IPv4-compatible addresses (::a.b.c.d, deprecated
 * by RFC 4291 and never routed) are refused too: ipaddr.js has no name for them and would call
 * them unicast.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // Node's parser is strict (no `127.1`, `0x7f.1`): a resolver never answers in such spellings
  const family = isIP(bare);
  if (family === 0) return true;
  // IPv6 in the URL standard's canonical hex form: ipaddr.js reads any trailing dotted quad
  // (`::8.8.8.8`) as IPv4-mapped
  const text = family === 6 ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare;
  if (!ipaddr.isValid(text)) return true;
  let addr = ipaddr.parse(text);
  if (addr instanceof ipaddr.IPv6) {
    if (addr.isIPv4MappedAddress()) addr = addr.toIPv4Address();
    else if (addr.parts.slice(0, 6).every((p) => p === 0)) return true;
  }
  return addr.range() !== 'unicast';
}

export type OutboundConfig = Pick<Config, 'outbound'>;

function allowed(config: OutboundConfig, host: string) {
  return config.outbound.allowPrivate || config.outbound.allowedHosts.includes(host.toLowerCase());
}

/** Every address of a name, in the resolver's order; the module's `lookup` read at call time. */
function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`DNS lookup of ${host} timed out`), { code: 'EAI_AGAIN' })),
      DNS_TIMEOUT_MS,
    );
    dns.lookup(host, { all: true, verbatim: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses);
    });
  });
}

export const refused = (field?: string) =>
  new AppError('PRIVATE_ADDRESS_NOT_ALLOWED', field ? { errors: [{ field, message: 'errors.PRIVATE_ADDRESS_NOT_ALLOWED' }] } : {});

/**
 * The addresses to connect to for `host`, resolved once: all of them public (or the host allowed by
 * the config), else PRIVATE_ADDRESS_NOT_ALLOWED. A DNS failure is thrown as it came.
 */
export async function resolveOutbound(config: OutboundConfig, host: string, field?: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await lookupAll(bare);
  if (allowed(config, bare)) return addresses;
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw refused(field);
  return addresses;
}

/** Answers a socket's lookup from addresses already resolved (and checked): its family, one or all. */
export function answerLookup(
  addresses: LookupAddress[],
  options: Parameters<LookupFunction>[1],
  callback: Parameters<LookupFunction>[2],
): void {
  const fit = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
  const first = fit[0];
  if (!first) callback(Object.assign(new Error(`no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
  else if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, fit);
  else callback(null, first.address, first.family);
}

/**
 * A `lookup` for node:http, node:net and node:tls: the connection goes to an address that passed
 * the rule in this very resolution (IP literals never reach a lookup: check them first).
 */
export function checkedLookup(config: OutboundConfig): LookupFunction {
  return (hostname, options, callback) => {
    resolveOutbound(config, hostname).then(
      (list) => answerLookup(list, options, callback),
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
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
  // an allowed host is not looked up here (it may be a name only the gateway's network knows)
  if (allowed(config, host.replace(/^\[|\]$/g, ''))) return;
  try {
    await resolveOutbound(config, host, field);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (opts.allowUnresolved) return;
    // a well-formed name that does not resolve is not a typo in its shape: say so
    const code = (err as NodeJS.ErrnoException).code;
    const unknown = code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'ENODATA';
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: unknown ? 'validation.hostNotFound' : 'validation.host' }] });
  }
}

/** An http(s) URL as the server may call it (shape only: the host is not looked up). */
export function parseOutboundUrl(url: string, field: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.url' }] });
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.url' }] });
  }
  return parsed;
}

/** An http(s) URL the server may call; throws VALIDATION_ERROR or PRIVATE_ADDRESS_NOT_ALLOWED. */
export async function assertOutboundUrl(config: OutboundConfig, url: string, field: string): Promise<URL> {
  const parsed = parseOutboundUrl(url, field);
  await assertPublicHost(config, parsed.hostname, field);
  return parsed;
}
