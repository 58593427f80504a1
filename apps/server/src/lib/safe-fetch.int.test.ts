/**
 * The guarded client against real servers on loopback. 127.0.0.1 is the allowed host (as
 * OUTBOUND_ALLOWED_HOSTS lists it in development); 127.0.0.2 plays an internal service that must
 * receive nothing. Names are answered by a stand-in for Node's resolver at its boundary
 * (`dns.lookup`), so a name can change its answer between two lookups as a rebinding one does.
 */
import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkedLookup } from './outbound-url.ts';
import { outboundRefusal, safeFetch } from './safe-fetch.ts';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

function recorder(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, s) => s.end('inside')) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res);
    });
  });
  return { server, seen };
}
const listen = (server: net.Server, host: string, port = 0) =>
  new Promise<number>((r) => server.listen(port, host, () => r((server.address() as AddressInfo).port)));

/** the allowed server: answers per path */
const outside = recorder((req, res) => {
  const [, status, ...rest] = (req.url ?? '').split('/');
  if (status === 'ok') return res.end(`ok ${req.headers.host}`);
  if (status === 'big') return res.end('x'.repeat(64 * 1024));
  res.writeHead(Number(status), { location: decodeURIComponent(rest.join('/')) }).end();
});
const inside = recorder();
/** the same port on the allowed address, for the rebinding tests */
const samePort = recorder((req, res) => res.end(`pinned ${req.headers.host}`));
/** where a second lookup of a rebinding name would lead: 127.0.0.2 on that same port */
const rebound = recorder();
let outsidePort: number;
let insidePort: number;
let pinnedPort: number;

const policy = { outbound: { allowPrivate: false, allowedHosts: ['127.0.0.1'] } };
const at = (path: string) => `http://127.0.0.1:${outsidePort}${path}`;
const redirectTo = (status: number, target: string) => at(`/${status}/${encodeURIComponent(target)}`);

/** Answers for names at the resolver's boundary; every call is counted. */
const answers = new Map<string, string[][]>();
const lookups: string[] = [];
const realLookup = dns.lookup;

beforeAll(async () => {
  outsidePort = await listen(outside.server, '127.0.0.1');
  insidePort = await listen(inside.server, '127.0.0.2');
  pinnedPort = await listen(samePort.server, '127.0.0.1');
  await listen(rebound.server, '127.0.0.2', pinnedPort);
  dns.lookup = ((host: string, a: unknown, b: unknown) => {
    const cb = (typeof a === 'function' ? a : b) as (err: Error | null, ...rest: unknown[]) => void;
    const opts = (typeof a === 'object' && a ? a : {}) as dns.LookupOptions;
    const queue = answers.get(host);
    if (!queue) return realLookup(host, opts as dns.LookupAllOptions, cb as never);
    lookups.push(host);
    const list = (queue.length > 1 ? queue.shift() : queue[0]) as string[];
    const all = list.map((address) => ({ address, family: net.isIP(address) }));
    process.nextTick(() => (opts.all ? cb(null, all) : cb(null, all[0]?.address, all[0]?.family)));
  }) as typeof dns.lookup;
});
afterAll(async () => {
  dns.lookup = realLookup;
  for (const s of [outside.server, inside.server, samePort.server, rebound.server]) await new Promise((r) => s.close(r));
});
afterEach(() => {
  for (const s of [outside.seen, inside.seen, samePort.seen, rebound.seen]) s.length = 0;
  answers.clear();
  lookups.length = 0;
});

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the request should have failed').toBeTruthy();
  return outboundRefusal(err)?.code ?? String(err);
}

describe('redirects', () => {
  it('a 307 or 303 from the allowed host to an internal one is not followed, whatever the method', async () => {
    const secret = `http://127.0.0.2:${insidePort}/latest/meta-data/`;
    const fetchNone = safeFetch(policy);
    const fetchSome = safeFetch(policy, { maxRedirects: 3 });
    for (const status of [307, 303, 302, 301, 308]) {
      // no redirects: the 3xx comes back as it is
      const res = await fetchNone(redirectTo(status, secret), { method: 'POST', body: 'system prompt' });
      expect(res.status).toBe(status);
      // a POST is never followed, even where GETs are
      expect((await fetchSome(redirectTo(status, secret), { method: 'POST', body: 'system prompt' })).status).toBe(status);
      // a GET that follows is refused at the internal hop, before connecting
      expect(await refusal(fetchSome(redirectTo(status, secret)))).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
    }
    expect(inside.seen).toEqual([]);
  });

  it('refuses the internal hop in its other spellings (a name, IPv4-mapped, "this host")', async () => {
    // only loopback spellings here: a mistake must not send a packet anywhere else (the rule's
    // ranges have their own tests, which connect to nothing)
    const f = safeFetch(policy, { maxRedirects: 3 });
    for (const target of [`http://localhost:${insidePort}/`, `http://[::ffff:7f00:2]:${insidePort}/`, `http://0.0.0.0:${insidePort}/`]) {
      expect(await refusal(f(redirectTo(302, target))), target).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
    }
    expect(inside.seen).toEqual([]);
  });

  it('follows allowed GET hops up to the bound, dropping credentials when the origin changes', async () => {
    const f = safeFetch(policy, { maxRedirects: 2 });
    const other = `http://127.0.0.1:${pinnedPort}/there`;
    const res = await f(redirectTo(302, other), { headers: { authorization: 'Bearer tenant-secret', 'x-kept': '1' } });
    expect(await res.text()).toBe(`pinned 127.0.0.1:${pinnedPort}`);
    expect(samePort.seen[0]?.headers.authorization).toBeUndefined();
    expect(samePort.seen[0]?.headers['x-kept']).toBe('1');
    // a loop stops at the bound and hands back the last 3xx
    outside.seen.length = 0;
    const loop = at('/302/%2F302%2F%252F302%252F%25252Fok');
    const bounded = await safeFetch(policy, { maxRedirects: 1 })(loop);
    expect(bounded.status).toBe(302);
    expect(outside.seen.filter((s) => s.url.startsWith('/302'))).toHaveLength(2);
  });

  it('does not follow a Location that is not http(s)', async () => {
    const res = await safeFetch(policy, { maxRedirects: 3 })(redirectTo(302, 'file:///etc/passwd'));
    expect(res.status).toBe(302);
  });
});

describe('one resolution, and the connection goes to the address it checked', () => {
  it('a name answering loopback is refused before any connection', async () => {
    answers.set('tenant.test', [['127.0.0.2']]);
    expect(await refusal(safeFetch(policy)(`http://tenant.test:${insidePort}/`))).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
    // one private address among public ones is enough
    answers.set('mixed.test', [['93.184.216.34', '127.0.0.2']]);
    expect(await refusal(safeFetch(policy)(`http://mixed.test:${insidePort}/`))).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
    expect(inside.seen).toEqual([]);
  });

  it('a name that rebinds after its first answer: the socket goes where the one lookup said', async () => {
    // allowed by name, so only pinning is under test: first answer 127.0.0.1, every later one 127.0.0.2
    const open = { outbound: { allowPrivate: false, allowedHosts: ['rebind.test'] } };
    answers.set('rebind.test', [['127.0.0.1'], ['127.0.0.2']]);
    const res = await safeFetch(open)(`http://rebind.test:${pinnedPort}/`);
    expect(await res.text()).toBe(`pinned rebind.test:${pinnedPort}`);
    expect(lookups).toEqual(['rebind.test']);
    expect(rebound.seen).toEqual([]);
  });

  it('TLS still names the host (SNI) while dialling the pinned address', async () => {
    let hello = '';
    const tlsPeer = net.createServer((socket) => {
      socket.once('data', (b) => {
        hello = b.toString('latin1');
        socket.destroy();
      });
    });
    const port = await listen(tlsPeer, '127.0.0.1');
    try {
      answers.set('sni.test', [['127.0.0.1']]);
      const open = { outbound: { allowPrivate: false, allowedHosts: ['sni.test'] } };
      await safeFetch(open)(`https://sni.test:${port}/`).catch(() => null);
      expect(hello).toContain('sni.test');
      expect(lookups).toEqual(['sni.test']);
    } finally {
      await new Promise((r) => tlsPeer.close(r));
    }
  });

  it('checkedLookup gives node:http the same guarantee', async () => {
    answers.set('gw.test', [['127.0.0.2']]);
    const err = await new Promise<Error>((resolve) => {
      http
        .get(`http://gw.test:${insidePort}/`, { lookup: checkedLookup(policy) }, () => resolve(new Error('connected')))
        .on('error', resolve);
    });
    expect(outboundRefusal(err)?.code).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
    expect(inside.seen).toEqual([]);
  });
});

describe('bounds', () => {
  it('cuts off a body larger than allowed', async () => {
    const res = await safeFetch(policy, { maxResponseBytes: 1024 })(at('/big'));
    await expect(res.text()).rejects.toThrow();
  });

  it('gives up on a server that never answers', async () => {
    const silent = net.createServer((s) => s.on('data', () => {}));
    const port = await listen(silent, '127.0.0.1');
    try {
      const started = Date.now();
      await expect(safeFetch(policy, { headersTimeoutMs: 300 })(`http://127.0.0.1:${port}/`)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      silent.close();
    }
  });
});
