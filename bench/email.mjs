/**
 * Email through the whole pipeline, on a throw-away embedded PostgreSQL with the
 * real migrations and the real sandbox SMTP sink (which parses and stores every mail):
 * - the raw rate: nodemailer's pooled transport (the same pool settings the app uses) sending
 *   20,000 mails straight to the sink (half before, half after the pipeline run);
 * - the pipeline rate: the same 20,000 mails through sendEmail (recipients, credits, messages
 *   insert) → router → filter → messages_channel_send → the email driver → the sink, with the
 *   real graphile worker, timed until every message is SENT;
 * - the ratio of the two, measured in the same run: target ≥ 80%.
 * The sink runs in its own process (as a relay would), so both rates are measured against the same
 * peer and the pipeline's CPU is not taken from the sink's mail parsing.
 * Run alone with `node bench/email.mjs [count=20000]`, or through `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const BATCH = 10_000; // recipients per send request (the API's limit)

/** Child process: the real sandbox SMTP sink on a free port (printed), until stdin closes. */
async function sinkChild(databaseUrl) {
  register();
  const { pino } = await import('pino');
  const { createDb } = await import('../apps/server/src/db/client.ts');
  const { startSmtpSink } = await import('../apps/server/src/sandbox/smtp-sink.ts');
  const db = createDb(databaseUrl, 4);
  const sink = await startSmtpSink({ db, port: 0, log: pino({ level: 'silent' }) });
  process.stdout.write(`${sink.port}\n`);
  process.stdin.resume();
  await once(process.stdin, 'end');
  await sink.close();
  await db.$client.end();
}

async function startSinkProcess(databaseUrl) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--sink-child', databaseUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (c) => resolve(Number(String(c).trim())));
    child.once('exit', (code) => reject(new Error(`sink exited with ${code}`)));
  });
  return {
    port,
    async close() {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

export async function benchEmail(report, count = 20_000) {
  register();
  const { pino } = await import('pino');
  const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
  const { createDb, ensureDatabase, runMigrations } = await import('../apps/server/src/db/client.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createMailer } = await import('../apps/server/src/mail/mailer.ts');
  const { createAppContext } = await import('../apps/server/src/app-context.ts');
  const { sinkTransport, SINK_POOL_CONNECTIONS } = await import('../apps/server/src/channels/email/smtp-transport.ts');
  const { seedSandboxSenders } = await import('../apps/server/src/modules/senders/sandbox-seed.ts');
  const { grantTrialCredits } = await import('../apps/server/src/modules/messaging/pipeline/credits.ts');
  const { sendEmail } = await import('../apps/server/src/modules/messaging/email-send.service.ts');
  const { startWorker } = await import('../apps/server/src/jobs/worker.ts');
  const { createStorage } = await import('../apps/server/src/storage/storage.ts');

  const dir = mkdtempSync(path.join(tmpdir(), 'risala-bench-email-'));
  chmodSync(dir, 0o755); // reachable by the postgres user when run as root
  const quiet = { info() {}, warn: console.warn, debug() {} };
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: 0,
    passwordFile: path.join(dir, 'pgpw'),
    log: quiet,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  let db;
  let sink;
  let mailer;
  let worker;
  try {
    await ensureDatabase(pg.adminUrl, 'bench');
    const url = pg.urlFor('bench');
    db = createDb(url, 10);
    await runMigrations(db);
    const log = pino({ level: 'silent' });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url, LOG_LEVEL: 'silent' });
    sink = await startSinkProcess(url);
    mailer = createMailer({ sandboxPort: sink.port, from: config.mailFrom, log });
    const ctx = createAppContext({ config, db, mailer, log, storage: createStorage(config) });

    const {
      rows: [account],
    } = await db.$client.query(`insert into accounts (name) values ('bench') returning id, name`);
    await db.transaction(async (tx) => {
      await seedSandboxSenders(tx, account, config);
      await grantTrialCredits(tx, account.id);
    });
    await db.$client.query(`update credits set balance = 1000000 where account_id = $1 and channel = 'email'`, [account.id]);

    const subject = 'Your weekly digest';
    const text = 'Hello,\n\nHere is what happened this week at Risala.\n\nRegards';
    const html = '<p>Hello,</p><p>Here is what happened this week at <b>Risala</b>.</p><p>Regards</p>';

    // 1. raw nodemailer → sink: half before and half after the pipeline run, so drift in the
    // machine's load affects both figures alike
    const raw = sinkTransport(sink.port);
    let rawMs = 0;
    const rawHalf = async (offset, n) => {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          raw.sendMail({ from: config.mailFrom, to: `raw${offset + i}@bench.example`, subject, text, html }),
        ),
      );
      rawMs += performance.now() - t0;
    };
    await rawHalf(0, Math.floor(count / 2));

    // 2. the pipeline → sink
    worker = await startWorker(ctx, url);
    const auth = { accountId: account.id, userId: null };
    const started = performance.now();
    for (let from = 0; from < count; from += BATCH) {
      const emails = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => `user${from + i}@bench.example`);
      await sendEmail(ctx, auth, {
        recipients: { emails, numbers: [], customer_ids: [], group_ids: [] },
        subject,
        text,
        html,
        schedule_at: null,
      });
    }
    // poll cheaply (the status index, every 100 ms): the measurement must not load the database
    for (let left = count; left > 0; ) {
      await new Promise((r) => setTimeout(r, 100));
      const { rows } = await db.$client.query(
        `select count(*)::int as n from messages where account_id = $1 and status in ('PENDING', 'QUEUED')`,
        [account.id],
      );
      left = rows[0].n;
      if (performance.now() - started > 600_000) throw new Error(`pipeline did not finish: ${left} left`);
    }
    const { rows: stateRows } = await db.$client.query(
      `select status, count(*)::int as n from messages where account_id = $1 group by status`,
      [account.id],
    );
    const states = Object.fromEntries(stateRows.map((r) => [r.status, r.n]));
    const pipeMs = performance.now() - started;
    const pipeRate = count / (pipeMs / 1000);
    await rawHalf(Math.floor(count / 2), count - Math.floor(count / 2));
    raw.close();
    const rawRate = count / (rawMs / 1000);
    const ratio = pipeRate / rawRate;
    const fmt = (n) => Math.round(n).toLocaleString('en');
    report(
      `email: raw nodemailer pool (${SINK_POOL_CONNECTIONS} connections) → SMTP sink, ${count.toLocaleString('en')} mails (half before, half after the pipeline run) in ${(rawMs / 1000).toFixed(1)} s`,
      fmt(rawRate),
      'mails/s',
      'informational (the reference)',
      true,
    );
    report(
      `email: ${count.toLocaleString('en')} mails through the pipeline (send → route → filter → email driver → SMTP sink, all SENT${states.FAILED ? `, ${states.FAILED} FAILED` : ''}) in ${(pipeMs / 1000).toFixed(1)} s`,
      fmt(pipeRate),
      'mails/s',
      'informational',
      !states.FAILED,
    );
    report('email: pipeline rate / raw nodemailer rate (same run)', `${(ratio * 100).toFixed(0)}%`, '', '≥ 80%', ratio >= 0.8);
  } finally {
    await worker?.stop();
    mailer?.close();
    await sink?.close();
    await db?.$client.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--sink-child') {
  await sinkChild(process.argv[3]);
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchEmail(
    (name, value, unit, target, pass) =>
      process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
    Number(process.argv[2] ?? 20_000),
  );
}
