/**
 * The raw `smpp` client → server rate on loopback: a bare smpp server answering submit_sm at once
 * and one client with a window of outstanding submits (TCP_NODELAY on both ends). The pipeline
 * benchmark compares its end-to-end rate with this figure. Not part of bench/run.mjs.
 *
 *   node bench/smpp-raw.mjs [count=100000] [window=100]
 * Exported: measureRawSmpp({ count, window }) → { count, ms, perSecond }.
 */
import { pathToFileURL } from 'node:url';
import smpp from 'smpp';

export async function measureRawSmpp({ count = 100_000, window = 100 } = {}) {
  let ids = 0;
  const server = smpp.createServer({}, (session) => {
    session.socket.setNoDelay(true);
    session.on('error', () => {});
    session.on('bind_transceiver', (pdu) => session.send(pdu.response()));
    session.on('submit_sm', (pdu) => session.send(pdu.response({ message_id: (++ids).toString(16) })));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      session.close();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const client = smpp.connect({ host: '127.0.0.1', port });
  client.on('error', () => {});
  await new Promise((resolve) => client.on('connect', resolve));
  client.socket.setNoDelay(true);
  await new Promise((resolve, reject) =>
    client.bind_transceiver({ system_id: 'bench', password: 'bench' }, (r) =>
      r.command_status === 0 ? resolve() : reject(new Error('bind failed')),
    ),
  );
  const body = Buffer.from('Benchmark message from Risala');
  const t0 = process.hrtime.bigint();
  await new Promise((resolve) => {
    let sent = 0;
    let done = 0;
    const pump = () => {
      while (sent < count && sent - done < window) {
        sent++;
        client.submit_sm(
          { source_addr: 'Risala', destination_addr: `9665${String(sent).padStart(8, '0')}`, short_message: body, registered_delivery: 1 },
          () => {
            done++;
            if (done === count) resolve();
            else pump();
          },
        );
      }
    };
    pump();
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await new Promise((resolve) => client.unbind(() => client.close(resolve)));
  await new Promise((resolve) => server.close(resolve));
  return { count, ms: Math.round(ms), perSecond: Math.round((count / ms) * 1000) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2] ?? 100_000);
  const window = Number(process.argv[3] ?? 100);
  const r = await measureRawSmpp({ count, window });
  process.stdout.write(`raw smpp client→server: ${r.perSecond} msg/s (${r.count} submit_sm in ${r.ms} ms, window ${window})\n`);
}
