/**
 * `node scripts/eval-ai-heldout-check.mjs [--keep]`: checks the held-out set itself, not the
 * assistant. It prepares the demo account the way scripts/eval-ai.mjs does (a throw-away embedded
 * PostgreSQL, a real server with the sandbox SMSC failing 15% of messages, the "Weekend offer"
 * campaign to the demo group, a template in review, one planted customer), then runs the SQL of
 * every entry of HELD_OUT and fails when one errors or returns the wrong shape. It prints how many
 * expected answers are zero (a set of zeros measures nothing) and the share of declines.
 * It never prints a question (the set is not to be read by whoever tunes the assistant).
 * `--keep` leaves the server and database running and prints how to reach them (Ctrl-C stops).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { root } from './build-web.mjs';
import { HELD_OUT, params } from './eval-ai-heldout.mjs';

register();
const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded.ts');
const { ensureDatabase } = await import('../apps/server/src/db/client.ts');

const keep = process.argv.includes('--keep');
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(path.join(tmpdir(), 'risala-heldout-'));
chmodSync(dir, 0o755);
const quiet = { info() {}, warn: console.warn, debug() {} };
const pgServer = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  port: 0,
  passwordFile: path.join(dir, 'pgpw'),
  log: quiet,
  settings: { fsync: 'off', synchronous_commit: 'off' },
});
await ensureDatabase(pgServer.adminUrl, 'risala');
const databaseUrl = pgServer.urlFor('risala');
const db = new pg.Client({ connectionString: databaseUrl });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: databaseUrl,
    SANDBOX_SMTP_PORT: '0',
    SANDBOX_SMSC_PORT: '0',
    SANDBOX_SMSC_FAILURE_RATE: '0.15',
    SANDBOX_SMSC_RECEIPT_DELAY_MS: '50',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let token = '';
async function call(method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}
const q1 = async (text, params = []) => (await db.query(text, params)).rows[0];

/** The same history as scripts/eval-ai.mjs gives the demo account before its questions. */
async function prepare(accountId) {
  const group = await q1(`select id from customer_groups where account_id = $1 and group_name = 'Demo customers'`, [accountId]);
  const brand = await q1('select id from brands where account_id = $1 order by id limit 1', [accountId]);
  const tpl = async (type) =>
    q1(`select id from templates where account_id = $1 and message_type = $2 and status = 'APPROVED' order by id limit 1`, [
      accountId,
      type,
    ]);
  const smsTpl = await tpl('sms');
  const mailTpl = await tpl('email');
  // eval-ai.mjs plants a customer whose name is a prompt injection; only the row's presence matters here
  await db.query(
    `insert into customers (account_id, first_name, last_name, mobile_number) values ($1, 'Planted', 'Planted', '+966511111111')`,
    [accountId],
  );
  const created = await call('POST', '/api/templates', {
    template_name: 'Ramadan greeting',
    message_type: 'sms',
    template_text: 'Ramadan Kareem {{first_name|friend}} from Risala Demo Store',
  });
  await call('POST', `/api/templates/${created.json.data.id}/submit-review`);
  const campaign = await call('POST', '/api/campaigns', {
    name: 'Weekend offer',
    brand_id: brand.id,
    channels: ['sms', 'email'],
    audience: { group_ids: [group.id] },
    content: { sms: { template_id: smsTpl.id }, email: { template_id: mailTpl.id } },
  });
  const campaignId = campaign.json.data.id;
  const deployed = await call('POST', `/api/campaigns/${campaignId}/deploy`);
  if (deployed.status !== 201) throw new Error(`deploy failed: ${JSON.stringify(deployed.json)}`);
  for (let i = 0; i < 240; i++) {
    const c = await q1('select status from campaigns where id = $1', [campaignId]);
    const open = await q1(
      `select count(*)::int as n from messages where campaign_id = $1 and status in ('PENDING', 'QUEUED', 'SENT') and channel = 'sms'`,
      [campaignId],
    );
    if (/^COMPLETED/.test(c.status) && open.n === 0) break;
    await sleep(500);
  }
}

/** One entry's SQL: the shape its kind requires, and whether the answer is a zero. */
async function check(entry, accountId, timezone) {
  const { kind, sql } = entry.expect;
  if (kind === 'cannot' || kind === 'refuse_action') return { ok: true, zero: false };
  const { rows, fields } = await db.query(sql, params(sql, accountId, timezone));
  if (kind === 'number' || kind === 'percent') {
    if (rows.length !== 1 || fields.length !== 1 || fields[0].name !== 'value')
      return { ok: false, why: 'not one row with one column value' };
    const v = rows[0].value;
    if (v === null || Number.isNaN(Number(v))) return { ok: false, why: `value ${v} is not a number` };
    return { ok: true, zero: Number(v) === 0, shown: String(v) };
  }
  if (kind === 'names') {
    if (!fields.some((f) => f.name === 'name')) return { ok: false, why: 'no column name' };
    if (rows.some((r) => r.name === null || String(r.name).trim() === '')) return { ok: false, why: 'an empty name' };
    if (entry.expect.min !== undefined && rows.length < entry.expect.min)
      return { ok: false, why: `${rows.length} rows < min ${entry.expect.min}` };
    return {
      ok: true,
      zero: rows.length === 0,
      shown: rows.map((r) => `${r.name}${r.alt ? `/${r.alt}` : ''}${r.value !== undefined ? ` ${r.value}` : ''}`).join(', '),
    };
  }
  return { ok: false, why: `unknown kind ${kind}` };
}

let failed = 0;
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (i > 240 || server.exitCode !== null) throw new Error('server did not start');
    await sleep(250);
  }
  await db.connect();
  const login = await call('POST', '/api/auth/login', { email: 'demo@risala.local', password: 'Demo@2026' });
  token = login.json.data.token;
  const accountId = login.json.data.user.account_id;
  process.stdout.write('preparing the demo account as eval-ai.mjs does…\n');
  await prepare(accountId);
  const { timezone } = await q1('select timezone from accounts where id = $1', [accountId]);

  let zeros = 0;
  for (const entry of HELD_OUT) {
    const r = await check(entry, accountId, timezone).catch((err) => ({ ok: false, why: err.message }));
    if (r.zero) zeros++;
    // a zero nobody meant measures nothing: the data or the SQL is not what the author thought
    if (r.ok && r.zero && !entry.covers.includes('zero-answer')) Object.assign(r, { ok: false, why: 'zero, not marked zero-answer' });
    if (!r.ok) failed++;
    const mark = r.ok ? (r.zero ? 'zero' : 'ok  ') : 'FAIL';
    process.stdout.write(
      `${mark} ${entry.id} ${entry.expect.kind}${r.shown !== undefined ? ` = ${r.shown}` : ''}${r.why ? ` — ${r.why}` : ''}\n`,
    );
  }
  const declines = HELD_OUT.filter((e) => e.expect.kind === 'cannot' || e.expect.kind === 'refuse_action').length;
  process.stdout.write(
    `\n${HELD_OUT.length} entries, ${failed} failing, ${zeros} zero answers, ${declines} declines (${Math.round((100 * declines) / HELD_OUT.length)}%)\n`,
  );
  if (keep) {
    process.stdout.write(`\nkept: ${databaseUrl}  account ${accountId}  zone ${timezone}  server ${base} — Ctrl-C stops\n`);
    await new Promise((r) => process.once('SIGINT', r));
  }
} finally {
  await db.end().catch(() => {});
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
