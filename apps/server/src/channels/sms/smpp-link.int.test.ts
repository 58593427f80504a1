import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CMD, encodeHeader, encodeResponse, encodeSubmitSm, type Pdu } from './pdu-codec.ts';
import { SmppLink } from './smpp-link.ts';

/** A connected pair over loopback: `raw` is the peer's plain socket, `link` ours. */
async function pair() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const accepted = new Promise<net.Socket>((r) => server.once('connection', r));
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const raw = await accepted;
  const link = new SmppLink(socket);
  await new Promise((r) => socket.once('connect', r));
  cleanup.push(() => {
    raw.destroy();
    socket.destroy();
    server.close();
  });
  return { raw, link };
}
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const submit = (seq: number, text: string) =>
  encodeSubmitSm(
    {
      source_addr_ton: 5,
      source_addr_npi: 0,
      source_addr: 'Risala',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: '966500000001',
      esm_class: 0,
      registered_delivery: 1,
      data_coding: 0,
      short_message: Buffer.from(text),
    },
    seq,
  );

describe('SmppLink framing', () => {
  it('reads PDUs split across reads and several in one read, in order', async () => {
    const { raw, link } = await pair();
    const got: Pdu[] = [];
    link.on('pdu', (p: Pdu) => got.push(p));
    const stream = Buffer.concat([submit(1, 'one'), submit(2, 'two'), submit(3, 'three')]);
    // byte by byte for the first PDU, then the rest at once
    const first = submit(1, 'one').length;
    for (let i = 0; i < first; i++) {
      raw.write(stream.subarray(i, i + 1));
      await new Promise((r) => setImmediate(r));
    }
    raw.write(stream.subarray(first));
    await expect.poll(() => got.length).toBe(3);
    expect(got.map((p) => [p.sequence_number, p.short_message?.toString()])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('matches responses to requests by sequence number and answers requests', async () => {
    const { raw, link } = await pair();
    const answers: string[] = [];
    const s1 = link.request(
      (seq) => encodeHeader(CMD.enquire_link, seq),
      (p) => answers.push(`${p.command}:${p.sequence_number}`),
    );
    const s2 = link.request(
      (seq) => encodeHeader(CMD.enquire_link, seq),
      (p) => answers.push(`${p.command}:${p.sequence_number}`),
    );
    expect([s1, s2]).toEqual([1, 2]);
    const seen: number[] = [];
    raw.on('data', (b: Buffer) => {
      for (let o = 0; o < b.length; o += b.readUInt32BE(o)) seen.push(b.readUInt32BE(o + 12));
    });
    await expect.poll(() => seen.length).toBe(2);
    // answered out of order: each callback still gets its own
    raw.write(
      Buffer.concat([
        encodeResponse({ command_id: CMD.enquire_link, sequence_number: 2 }),
        encodeResponse({ command_id: CMD.enquire_link, sequence_number: 1 }),
      ]),
    );
    await expect.poll(() => answers).toEqual(['enquire_link_resp:2', 'enquire_link_resp:1']);
  });

  it('closes the link on a PDU length out of range instead of buffering it', async () => {
    const { raw, link } = await pair();
    const errors: string[] = [];
    link.on('error', (e: Error) => errors.push(e.message));
    const closed = new Promise((r) => link.once('close', r));
    const bad = Buffer.alloc(16);
    bad.writeUInt32BE(1 << 20, 0);
    raw.write(bad);
    await closed;
    expect(errors).toEqual(['SMPP PDU length 1048576 is out of range']);
    expect(link.request((seq) => encodeHeader(CMD.enquire_link, seq))).toBe(false);
  });
});
