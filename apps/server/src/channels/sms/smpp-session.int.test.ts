import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { buildParts } from './concat.ts';
import type { MoMessage, Receipt } from './dlr.ts';
import { sameMessageId } from './dlr.ts';
import { ReasonError } from './link-reasons.ts';
import { SmppSession, type SmppSessionOptions, type SubmitPart } from './smpp-session.ts';

let smsc: SmscSimulator;
const sessions: SmppSession[] = [];

beforeAll(async () => {
  smsc = await startSmscSimulator({ receiptDelayMs: 20 });
});
afterAll(() => smsc.close());
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop()));
  smsc.configure({ failureRate: 0, throttleRate: 0, decimalReceiptIds: false, receiptDelayMs: 20 });
  smsc.resetCounters();
});

function session(o: Partial<SmppSessionOptions> = {}) {
  const s = new SmppSession({
    host: '127.0.0.1',
    port: smsc.port,
    systemId: 'sandbox',
    password: 'sandbox',
    bindTimeoutS: 2,
    reconnectDelayS: 0.1,
    messagePerSecond: 5000,
    windowSize: 50,
    ...o,
  });
  sessions.push(s);
  return s;
}

const part = (destination: string, text: string): SubmitPart => {
  const [p] = buildParts(text, 1);
  return { source: 'Risala', destination, ...(p as NonNullable<typeof p>) };
};

describe('SmppSession against a broken peer', () => {
  it('a malformed PDU after the bind is a protocol error, not "does not speak SMPP"', async () => {
    // binds properly, then sends bytes that are no PDU
    const peer = net.createServer((socket) => {
      socket.once('data', (bind) => {
        const resp = Buffer.alloc(18);
        resp.writeUInt32BE(18, 0);
        resp.writeUInt32BE(0x80000009, 4); // bind_transceiver_resp
        resp.writeUInt32BE(0, 8);
        resp.writeUInt32BE(bind.readUInt32BE(12), 12);
        resp.write('x\0', 16);
        socket.write(resp);
        setTimeout(() => socket.write(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')), 50);
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', () => r()));
    try {
      const s = session({ port: (peer.address() as net.AddressInfo).port, reconnectDelayS: 30 });
      const dropped = new Promise((resolve) => s.on('state', (state, reason) => state === 'DISCONNECTED' && resolve(reason)));
      await s.start();
      expect(await dropped).toMatchObject({ key: 'gateway.smpp.protocolError' });
    } finally {
      await new Promise((r) => peer.close(r));
    }
  });
});

describe('SmppSession against the sandbox SMSC', () => {
  it('binds and reports CONNECTED', async () => {
    const s = session();
    const states: string[] = [];
    s.on('state', (st) => states.push(st));
    await s.start();
    expect(s.state).toBe('CONNECTED');
    expect(states).toEqual(['CONNECTING', 'CONNECTED']);
    await s.stop();
    expect(s.state).toBe('STOPPED');
  });

  it('rejects a wrong password with a readable bind error', async () => {
    const s = session({ password: 'wrong' });
    const err = await s.start().catch((e) => e);
    expect(err).toBeInstanceOf(ReasonError);
    expect(err.reason).toMatchObject({ key: 'gateway.smpp.bindRefused', params: { name: 'ESME_RINVPASWD' } });
    expect(err.message).toContain('ESME_RINVPASWD');
    expect(err.message).toContain('Invalid password');
    expect(smsc.counters.bindFailures).toBeGreaterThan(0);
  });

  it('submits a single GSM message and a concatenated UCS-2 Arabic message', async () => {
    const s = session();
    await s.start();
    const id = await s.submit(part('966500000001', 'Hello {world} €5'));
    expect(id).toMatch(/^[0-9A-F]+$/);
    const arabic = 'مرحبا بكم في خدمة رسالة للرسائل القصيرة، هذه رسالة طويلة بما يكفي لتقسيمها إلى أجزاء متعددة';
    const parts = buildParts(arabic, 77).map((p) => ({ source: 'Risala', destination: '966500000002', ...p }));
    expect(parts.length).toBe(2);
    const ids = await s.submitMessage(parts);
    expect(ids).toHaveLength(2);
    const got = smsc.submissions.filter((x) => x.destination === '966500000002');
    expect(got.map((g) => g.dataCoding)).toEqual([8, 8]);
    expect(got.every((g) => (g.esmClass & 0x40) === 0x40)).toBe(true);
    expect(got.map((g) => [...(g.udh ?? [])])).toEqual([
      [5, 0, 3, 77, 2, 1],
      [5, 0, 3, 77, 2, 2],
    ]);
    expect(got.map((g) => g.text).join('')).toBe(arabic);
    const gsm = smsc.submissions.find((x) => x.destination === '966500000001');
    expect(gsm?.dataCoding).toBe(0);
    expect(gsm?.text).toBe('Hello {world} €5');
  });

  it('emits receipts that match the submit ids, hex or decimal', async () => {
    smsc.configure({ decimalReceiptIds: true, failureRate: 1 });
    const s = session();
    const receipts: Receipt[] = [];
    s.on('receipt', (r) => receipts.push(r));
    await s.start();
    const id = await s.submit(part('966500000003', 'receipt please'));
    // late receipts of earlier tests' messages may arrive on this bind too: pick ours by id
    const ours = () => receipts.find((r) => sameMessageId(id, r.id));
    await expect.poll(() => Boolean(ours())).toBe(true);
    const receipt = ours();
    expect(receipt?.id).not.toBe(id);
    expect(receipt?.state).toBe('FAILED');
    expect(receipt?.stat).toBe('UNDELIV');
  });

  it('receives MO messages', async () => {
    const s = session();
    const mo: MoMessage[] = [];
    s.on('mo', (m) => mo.push(m));
    await s.start();
    expect(smsc.sendMo('966500000009', 'Risala', 'STOP شكرا')).toBe(true);
    await expect.poll(() => mo.length).toBe(1);
    expect(mo[0]).toMatchObject({ source: '966500000009', destination: 'Risala', text: 'STOP شكرا', dataCoding: 8 });
  });

  it('backs off on ESME_RTHROTTLED and loses nothing', async () => {
    smsc.configure({ throttleRate: 0.3 });
    const s = session({ throttleBackoffMs: 5 });
    await s.start();
    const ids = await Promise.all(Array.from({ length: 100 }, (_, i) => s.submit(part(`9665100${String(i).padStart(5, '0')}`, `t${i}`))));
    expect(new Set(ids).size).toBe(100);
    expect(smsc.counters.throttled).toBeGreaterThan(0);
    expect(s.stats.throttled).toBe(smsc.counters.throttled);
    expect(smsc.counters.perDestination.size).toBe(100);
  });

  it('goes DISCONNECTED on a drop, reconnects and continues', async () => {
    const s = session({ messagePerSecond: 200, windowSize: 5 });
    const states: string[] = [];
    s.on('state', (st) => states.push(st));
    await s.start();
    const all = Promise.all(Array.from({ length: 60 }, (_, i) => s.submit(part(`96652000${String(i).padStart(4, '0')}`, `d${i}`))));
    await new Promise((r) => setTimeout(r, 80));
    smsc.drop();
    const ids = await all;
    expect(ids).toHaveLength(60);
    expect(states).toContain('DISCONNECTED');
    expect(states.at(-1)).toBe('CONNECTED');
    expect(smsc.counters.perDestination.size).toBe(60);
    expect(smsc.counters.duplicates).toBeLessThanOrEqual(5);
  });

  it('respects the window', async () => {
    smsc.configure({ throttleRate: 0 });
    const s = session({ windowSize: 3 });
    await s.start();
    let maxInflight = 0;
    const internal = s as unknown as { inflight: Map<number, unknown> };
    const timer = setInterval(() => {
      maxInflight = Math.max(maxInflight, internal.inflight.size);
    }, 0);
    await Promise.all(Array.from({ length: 50 }, (_, i) => s.submit(part(`96653000${i}`, 'w'))));
    clearInterval(timer);
    expect(maxInflight).toBeLessThanOrEqual(3);
    expect(maxInflight).toBeGreaterThan(0);
  });

  it('respects message_per_second (200 at 100/s ≥ ~1.8 s)', async () => {
    const s = session({ messagePerSecond: 100, windowSize: 50 });
    await s.start();
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 200 }, (_, i) => s.submit(part(`96654000${i}`, 'r'))));
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(1800);
    expect(elapsed).toBeLessThan(4000);
  });

  it('times out a bind against a port where nothing answers SMPP', async () => {
    const net = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const s = session({ port, bindTimeoutS: 0.3 });
    const err = await s.start().catch((e) => e);
    expect(String(err.message)).toContain('No bind response within 0.3 s');
    await s.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => silent.close(r));
  });
});
