/**
 * The SMPP server for clients, end to end: a client of the `smpp` package binds (transceiver) with
 * an API key of type SMPP to a real server process (API + worker, ROLE=all) on a throw-away
 * embedded PostgreSQL, submits `total` messages with 100 in flight, and counts the delivery
 * receipts that come back as deliver_sm — through the product's send, the router, the sandbox
 * connection and the SMSC simulator (receipts at once). Timed from the first submit_sm until the
 * last receipt; printed in msg/s beside the sandbox connection's own cap (message_per_second).
 * The key's rate is lifted for the run (the bench measures the path, not the key's limit).
 * Run alone with `node bench/smpp-server.mjs [total]`.
 */
import { pathToFileURL } from 'node:url';
import { startSandboxStack } from './sandbox-stack.mjs';

const WINDOW = 100;

export async function benchSmppServer(report, total = 10_000) {
  const stack = await startSandboxStack('smpp-server');
  const smpp = (await import('smpp')).default;
  const { client, accountId } = stack;
  let session = null;
  try {
    await client.query(`update credits set balance = $2 where account_id = $1 and channel = 'sms'`, [accountId, total * 2]);
    for (let i = 0; ; i++) {
      const { rows } = await client.query(`select status from connections where account_id = $1 and is_sandbox`, [accountId]);
      if (rows[0]?.status === 'CONNECTED') break;
      if (i > 200) throw new Error('the sandbox connection did not bind');
      await new Promise((r) => setTimeout(r, 100));
    }
    const created = await stack.api('POST', '/api/api-keys', { name: 'SMPP bench', integration_type: 'smpp', scopes: ['sms:send'] });
    if (created.status !== 201) throw new Error(`key not created: ${JSON.stringify(created.body)}`);
    const { client_id: clientId, password, key } = created.body.data;
    await client.query('update api_keys set rate_per_second = 1000000 where account_id = $1 and id = $2', [accountId, key.id]);
    const {
      rows: [sender],
    } = await client.query('select sender_id from sms_senders where account_id = $1 and is_default', [accountId]);

    session = smpp.connect({ host: '127.0.0.1', port: stack.smppPort });
    await new Promise((resolve, reject) => {
      session.once('connect', resolve);
      session.once('error', reject);
    });
    const bound = await new Promise((resolve) => session.bind_transceiver({ system_id: clientId, password }, resolve));
    if (bound.command_status !== 0) throw new Error(`bind refused: ${bound.command_status}`);
    const ids = new Set();
    const receipts = new Set();
    let allBack;
    const back = new Promise((resolve) => {
      allBack = resolve;
    });
    session.on('deliver_sm', (pdu) => {
      session.send(pdu.response());
      if (pdu.esm_class & 0x04) receipts.add(String(pdu.receipted_message_id));
      if (receipts.size >= total) allBack();
    });
    const started = performance.now();
    let next = 0;
    const submit = (i) =>
      new Promise((resolve) =>
        session.submit_sm(
          {
            source_addr: sender.sender_id,
            // +96655…: outside the demo account's customers
            destination_addr: `96655${String(i).padStart(7, '0')}`,
            short_message: `Your code is ${1000 + (i % 9000)}`,
            registered_delivery: 1,
          },
          resolve,
        ),
      );
    await Promise.all(
      Array.from({ length: WINDOW }, async () => {
        for (let i = next++; i < total; i = next++) {
          const resp = await submit(i);
          if (resp.command_status !== 0) throw new Error(`submit_sm refused: ${resp.command_status}`);
          ids.add(resp.message_id);
        }
      }),
    );
    const acceptedMs = performance.now() - started;
    const timeout = setTimeout(() => allBack(), 300_000);
    await back;
    clearTimeout(timeout);
    if (receipts.size < total) throw new Error(`${receipts.size} of ${total} receipts came back in 5 minutes`);
    const ms = performance.now() - started;
    const rate = Math.round(total / (ms / 1000));
    const {
      rows: [{ mps }],
    } = await client.query(`select message_per_second as mps from connections where account_id = $1 and is_sandbox`, [accountId]);
    report(
      `SMPP server: ${total.toLocaleString('en')} SMS client bind → submit_sm → router → SMSC → deliver_sm receipt back (submitted in ${(acceptedMs / 1000).toFixed(1)} s, every receipt back in ${(ms / 1000).toFixed(1)} s)`,
      rate.toLocaleString('en'),
      'msg/s',
      `informational; the sandbox connection's cap: ${Number(mps).toLocaleString('en')} msg/s`,
      true,
    );
    return { rate };
  } finally {
    if (session) await new Promise((resolve) => session.close(resolve));
    await stack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const total = Number(process.argv[2] ?? 10_000);
  await benchSmppServer((name, value, unit, target) => console.log(`${name}: ${value} ${unit}   (target ${target})`), total);
}
