/**
 * A campaign to 1,000,000 customers on the sandbox: a real server process (API +
 * worker, ROLE=all) on a throw-away embedded PostgreSQL, the demo account with N SMS-consenting
 * customers in a dynamic segment, the sandbox connection bound to the SMSC simulator (receipts at
 * once). One deploy through the API; timed: audience expansion + queueing (deploy until every
 * message exists and is queued for the router — the batch reaches IN_PROGRESS), then end-to-end
 * delivery (until every message is DELIVERED), and the server's peak RSS.
 * Run alone with `node bench/campaign.mjs [count] [delivery time limit, ms]`, or through `npm run bench`.
 * BENCH_STATEMENTS=1 prints the statements PostgreSQL spent its time on (pg_stat_statements).
 */
import { pathToFileURL } from 'node:url';
import { cpuSince, cpuSnapshot, peakRssMb, printFlow, printStatements, startSandboxStack } from './sandbox-stack.mjs';

export async function benchCampaign(report, total = 1_000_000, { deliveryLimitMs = 600_000 } = {}) {
  const stack = await startSandboxStack('campaign', {
    pgSettings: process.env.BENCH_STATEMENTS ? { shared_preload_libraries: 'pg_stat_statements' } : {},
  });
  const { client, accountId, api } = stack;
  try {
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
    const {
      rows: [group],
    } = await client.query(
      `insert into customer_groups (account_id, group_name, type, rules, status) values ($1, 'Everyone (bench)', 'dynamic', '{"match":"all","conditions":[]}', 'ACTIVE') returning id`,
      [accountId],
    );
    const {
      rows: [brand],
    } = await client.query(`insert into brands (account_id, name) values ($1, 'Bench brand') returning id`, [accountId]);
    await client.query(`update credits set balance = $2 where account_id = $1 and channel = 'sms'`, [accountId, total * 2]);
    report(
      `campaign: seeding ${total.toLocaleString('en')} customers (not timed)`,
      Math.round(performance.now() - seedStart),
      'ms',
      'informational',
      true,
    );
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
    const {
      rows: [{ now: dbStart }],
    } = await client.query('select now()');
    const started = performance.now();
    const cpuBefore = cpuSnapshot(stack.serverPid, stack.pgDataDir);
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
    const expandCpu = cpuSince(cpuBefore, stack.serverPid, stack.pgDataDir);
    const expandRate = Math.round(total / (expandMs / 1000));
    report(
      `campaign: deploy (checks, audience count, estimate) for ${total.toLocaleString('en')} customers`,
      Math.round(deployMs),
      'ms',
      'informational',
      true,
    );
    report(
      `campaign: audience expansion + queueing of ${total.toLocaleString('en')} recipients (deploy → all messages created and queued, ${(expandMs / 1000).toFixed(1)} s)`,
      expandRate.toLocaleString('en'),
      'recipients/s',
      '≥ 50,000 recipients/s',
      expandRate >= 50_000,
    );
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
    const cpu = cpuSince(cpuBefore, stack.serverPid, stack.pgDataDir);
    const {
      rows: [{ n: delivered }],
    } = await client.query(`select count(*)::int as n from messages where campaign_id = $1 and status = 'DELIVERED'`, [campaignId]);
    const rate = Math.round(delivered / (ms / 1000));
    report(
      `campaign: end to end, deploy → ${delivered.toLocaleString('en')} of ${total.toLocaleString('en')} DELIVERED${done ? '' : ' (time limit reached)'} in ${(ms / 1000).toFixed(1)} s`,
      rate.toLocaleString('en'),
      'msg/s',
      "≥ 6,000 msg/s (the messaging engine's rate)",
      done && rate >= 6000,
    );
    const cpuText = (c) => `${c.server} / ${c.postgres} / ${c.bench}`;
    report(
      'campaign: CPU seconds, expansion / whole run (server / PostgreSQL / bench with its SMSC simulator)',
      `${cpuText(expandCpu)} — ${cpuText(cpu)}`,
      's',
      'informational',
      true,
    );
    await printStatements(client);
    await printFlow(client, accountId, dbStart, 5);
    const rss = Math.round(peakRssMb(stack.serverPid));
    report('campaign: peak RSS of the server process', rss, 'MB', '≤ 250 MB', rss <= 250);
  } finally {
    await stack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCampaign(
    (name, value, unit, target, pass) =>
      process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
    Number(process.argv[2] ?? 1_000_000),
    { deliveryLimitMs: Number(process.argv[3] ?? 600_000) },
  );
}
