/**
 * The attacks of `npm run chaos` that one self-registered trial account makes while the load runs:
 * decompression bombs through every endpoint that reads a zip, and a content rule whose pattern
 * backtracks catastrophically (`a*a*a*a*a*a*a*a*b`) routing a 160-character SMS. Each must be
 * refused or handled while the other users see no error; /health is probed meanwhile.
 */
import { performance } from 'node:perf_hooks';

const FINAL = ['DELIVERED', 'FAILED', 'BLOCKED', 'NOT_ALLOWED', 'PARTIALLY_DELIVERED', 'CANCELLED', 'READ'];
export const EVIL_PATTERN = 'a*a*a*a*a*a*a*a*b';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function upload(base, token, url, { data, filename, type }) {
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([data], { type }), filename);
  try {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const body = await res.json().catch(() => null);
    return { status: res.status, code: body?.code ?? '', ms: performance.now() - started };
  } catch (err) {
    return { status: 0, code: String(err?.cause?.code ?? err?.name ?? err), ms: performance.now() - started };
  }
}

/** /health every 250 ms until stopped: latencies and the probes that failed or took over 5 s. */
export function probeHealth(base) {
  const lat = [];
  let failed = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${base}/health`, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      lat.push(performance.now() - started);
      if (!ok) failed += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { lat: [...lat].sort((a, b) => a - b), failed };
    },
  };
}

/**
 * Run every attack once, concurrently, as `attacker` ({ token, accountId }); `db` is a pg pool on
 * the server's database (for the account's sandbox connection and the message's outcome).
 * Returns one line per attack: { name, value, target, pass }.
 */
export async function runAttacks({ base, db, attacker, call }) {
  const { xlsxBomb, docxBomb } = await import('../apps/server/src/test/zip-bombs.ts');
  const bombs = [
    ['410 KB .xlsx inflating to 400 MB → POST /api/customers/imports', '/api/customers/imports', xlsxBomb(400), 'bomb.xlsx', XLSX],
    ['.xlsx whose directory says 1 KB for 400 MB → imports', '/api/customers/imports', xlsxBomb(400, 1024), 'liar.xlsx', XLSX],
    ['300 KB .docx inflating to 300 MB → POST /api/templates/upload-docx', '/api/templates/upload-docx', docxBomb(300), 'bomb.docx', DOCX],
    ['.docx whose directory says 2 KB for 300 MB → upload-docx', '/api/templates/upload-docx', docxBomb(300, 2048), 'liar.docx', DOCX],
    ['300 KB .docx bomb → POST /api/ai/upload (briefs)', '/api/ai/upload', docxBomb(300), 'brief.docx', DOCX],
  ];
  const uploads = bombs.map(async ([name, url, data, filename, type]) => {
    const res = await upload(base, attacker.token, url, { data, filename, type });
    return {
      name: `attack: ${name}`,
      value: `${res.status} ${res.code} in ${res.ms.toFixed(0)}`,
      unit: 'ms',
      target: '413/400 ARCHIVE_*',
      pass: (res.status === 413 || res.status === 400) && res.code.startsWith('ARCHIVE_'),
    };
  });
  return [...(await Promise.all([...uploads, regexAttack({ base, db, attacker, call })]))];
}

/** The rule, a static router first in order that uses it, and one 160-character SMS through it. */
async function regexAttack({ base, db, attacker, call }) {
  const name = `attack: content rule ${EVIL_PATTERN} routing a 160-character SMS`;
  const target = 'refused when saved, or routed with the server answering';
  const rule = await call('POST', '/api/gateway/rules', attacker.token, {
    rule_name: 'Chaos backtracking',
    filter_type: 'content_pattern',
    value: { pattern: EVIL_PATTERN },
  });
  if (rule.status === 400) return { name, value: `refused when saved (${rule.body?.code ?? 400})`, unit: '', target, pass: true };
  if (rule.status !== 201) return { name, value: `rule: ${rule.status} ${rule.body?.code ?? ''}`, unit: '', target, pass: false };
  const { rows } = await db.query('select id from connections where account_id = $1 and is_sandbox order by id limit 1', [
    attacker.accountId,
  ]);
  const router = await call('POST', '/api/gateway/routers', attacker.token, {
    router_name: 'Chaos backtracking router',
    router_type: 'static',
    order: 1,
    connection_ids: [rows[0]?.id],
    rules_ids: [rule.body.data.id],
  });
  if (router.status !== 201) return { name, value: `router: ${router.status} ${router.body?.code ?? ''}`, unit: '', target, pass: false };
  const started = performance.now();
  const send = await call('POST', '/api/messages/sms', attacker.token, {
    recipients: { numbers: ['+966559990001'] },
    text: 'a'.repeat(160),
  });
  if (send.status !== 201) return { name, value: `send: ${send.status} ${send.body?.code ?? ''}`, unit: '', target, pass: false };
  // the message may wait behind the load's sends: follow it until it leaves the route stage, or
  // until the server stops answering (a pattern that backtracks holds the event loop for good)
  const deadline = Date.now() + 60_000;
  let silent = 0;
  while (Date.now() < deadline) {
    const m = await db.query('select status, stage from messages where bulk_id = $1', [send.body.data.bulk_id]);
    if (m.rows.length > 0 && m.rows.every((r) => r.stage !== 'route' || FINAL.includes(r.status))) {
      return { name, value: `routed in ${(performance.now() - started).toFixed(0)}`, unit: 'ms', target, pass: true };
    }
    const answered = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    silent = answered ? 0 : silent + 1;
    if (silent >= 3) return { name, value: 'the server stopped answering while routing it', unit: '', target, pass: false };
    await new Promise((r) => setTimeout(r, 250));
  }
  return { name, value: 'still unrouted after 60 s', unit: '', target, pass: false };
}

/** Take the attacker's routers and rules away (after a hung server is killed), so a restart can serve. */
export async function disarm(db, accountId) {
  await db.query(`delete from routers where account_id = $1 and router_name like 'Chaos backtracking%'`, [accountId]);
  await db.query(`delete from rules where account_id = $1 and rule_name like 'Chaos backtracking%'`, [accountId]);
}
