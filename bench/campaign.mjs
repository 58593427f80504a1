/**
 * A campaign to 1,000,000 customers on the sandbox (issue 5, item 9): a real server process (API +
 * worker, ROLE=all) on a throw-away embedded PostgreSQL, the demo account with N SMS-consenting
 * customers in a dynamic segment, the sandbox connection bound to the SMSC simulator (receipts at
 * once). One deploy through the API; timed: audience expansion + queueing (deploy until every
 * message exists and is queued for the router — the batch reaches IN_PROGRESS), then end-to-end
 * delivery (until every message is DELIVERED), and the server's peak RSS.
 * Run alone with `node bench/campaign.mjs [count] [delivery time limit, ms]`, or through `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function startServer(env) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--server-child'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('Risala is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, ready };
}

const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function benchCampaign(report, total = 1_000_000, { deliveryLimitMs = 600_000 } = {}) {
  register();
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { ensureDatabase } = await import('../apps/server/src/db/client.ts');
  const { startSmscSimulator } = await import('../apps/server/src/sandbox/smsc.ts');
  const pg = (await import('pg')).default;
  const dir = mkdtempSync(path.join(tmpdir(), 'risala-bench-campaign-'));
  chmodSync(dir, 0o755);
  const quiet = { info() {}, warn: console.warn, debug() {} };
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: quiet,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', work_mem: '32MB' },
  });
  const smsc = await startSmscSimulator({ systemId: 'bench', password: 'bench', receiptDelayMs: 0, keep: 10 });
  let server;
  let client;
  try {
    await ensureDatabase(cluster.adminUrl, 'bench');
    const url = cluster.urlFor('bench');
    const port = await freePort();
    server = startServer({
      DATABASE_URL: url,
      DATA_DIR: path.join(dir, 'data'),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      ROLE: 'all',
      SANDBOX_SMSC: 'false',
      SANDBOX_SMSC_PORT: String(smsc.port),
      SANDBOX_SMSC_SYSTEM_ID: 'bench',
      SANDBOX_SMSC_PASSWORD: 'bench',
      SANDBOX_SMTP_PORT: '0',
    });
    await server.ready;
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@risala.local', password: 'Demo@2026' }),
    }).then((r) => r.json());
    const token = login.data.token;
    const accountId = login.data.user.account_id;
    const api = (method, p, body) =>
      fetch(`${base}${p}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body ?? {}) }).then(async (r) => ({ status: r.status, body: await r.json() }));

    // the audience: N customers with SMS consent (seeding is not timed), in a segment of the whole account
    const seedStart = performance.now();
    await client.query(`delete from customers where account_id = $1`, [accountId]);
    for (let from = 1; from <= total; from += 200_000) {
      await client.query(
        `insert into customers (account_id, first_name, mobile_number, consent_sms)
         select $1, 'C' || g, '+9665' || lpad(g::text, 8, '0'), true from generate_series($2::int, $3::int) g`,
        [accountId, from, Math.min(total, from + 199_999)],
      );
    }
    await client.query('analyze customers');
    const { rows: [group] } = await client.query(
      `insert into customer_groups (account_id, group_name, type, rules, status) values ($1, 'Everyone (bench)', 'dynamic', '{"match":"all","conditions":[]}', 'ACTIVE') returning id`,
      [accountId],
    );
    const { rows: [brand] } = await client.query(`insert into brands (account_id, name) values ($1, 'Bench brand') returning id`, [accountId]);
    await client.query(`update credits set balance = $2 where account_id = $1 and channel = 'sms'`, [accountId, total * 2]);
    report(`campaign: seeding ${total.toLocaleString('en')} customers (not timed)`, Math.round(performance.now() - seedStart), 'ms', 'informational', true);
    for (let i = 0; ; i++) {
      const { rows } = await client.query(`select status from connections where account_id = $1 and is_sandbox`, [accountId]);
      if (rows[0]?.status === 'CONNECTED') break;
      if (i > 200) throw new Error('the sandbox connection did not bind');
      await new Promise((r) => setTimeout(r, 100));
    }

    const draft = await api('POST', '/api/campaigns', {
      name: 'Bench campaign',
      brand_id: brand.id,
      channels: ['sms'],
      audience: { group_ids: [group.id] },
      content: { sms: { text: 'Hi {{first_name}}, our offer is live' } },
    });
    const started = performance.now();
    const dep = await api('POST', `/api/campaigns/${draft.body.data.id}/deploy`);
    if (dep.status !== 201) throw new Error(`deploy failed: ${dep.status} ${JSON.stringify(dep.body)}`);
    const deployMs = performance.now() - started;
    const campaignId = draft.body.data.id;
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      const { rows } = await client.query(`select processing_status from batches where campaign_id = $1`, [campaignId]);
      if (rows[0]?.processing_status && rows[0].processing_status !== 'PROCESSING') break;
      if (performance.now() - started > deliveryLimitMs) throw new Error('the expansion did not finish in time');
    }
    const expandMs = performance.now() - started;
    const expandRate = Math.round(total / (expandMs / 1000));
    report(`campaign: deploy (checks, audience count, estimate) for ${total.toLocaleString('en')} customers`, Math.round(deployMs), 'ms', 'informational', true);
    report(`campaign: audience expansion + queueing of ${total.toLocaleString('en')} recipients (deploy → all messages created and queued, ${(expandMs / 1000).toFixed(1)} s)`, expandRate.toLocaleString('en'), 'recipients/s', '≥ 50,000 recipients/s', expandRate >= 50_000);
    let done = false;
    while (performance.now() - started < deliveryLimitMs) {
      await new Promise((r) => setTimeout(r, 500));
      const { rows } = await client.query(`select status from campaigns where id = $1`, [campaignId]);
      if (rows[0].status.startsWith('COMPLETED')) {
        done = true;
        break;
      }
    }
    const ms = performance.now() - started;
    const { rows: [{ n: delivered }] } = await client.query(`select count(*)::int as n from messages where campaign_id = $1 and status = 'DELIVERED'`, [campaignId]);
    const rate = Math.round(delivered / (ms / 1000));
    report(`campaign: end to end, deploy → ${delivered.toLocaleString('en')} of ${total.toLocaleString('en')} DELIVERED${done ? '' : ' (time limit reached)'} in ${(ms / 1000).toFixed(1)} s`, rate.toLocaleString('en'), 'msg/s', "≥ 6,000 msg/s (the messaging engine's rate)", done && rate >= 6000);
    const rss = Math.round(peakRssMb(server.child.pid));
    report('campaign: peak RSS of the server process', rss, 'MB', '≤ 250 MB', rss <= 250);
  } finally {
    await client?.end().catch(() => {});
    if (server) {
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGTERM');
      await exited;
    }
    await smsc.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--server-child') {
  register();
  await import('../apps/server/src/main.ts');
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCampaign(
    (name, value, unit, target, pass) => process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
    Number(process.argv[2] ?? 1_000_000),
    { deliveryLimitMs: Number(process.argv[3] ?? 600_000) },
  );
}
