import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { applyRetention } from './retention.ts';

/** Messages over years: a plan's retention redacts content a day at a time; old months are archived whole. */
let t: TestApp;
let trial: number;
let growth: number;
beforeAll(async () => {
  t = await createTestApp({ MESSAGE_ARCHIVE_AFTER_MONTHS: '120' });
  trial = (await signIn(t, (await signUp(t)).email)).user.account_id;
  growth = (await signIn(t, (await signUp(t)).email)).user.account_id;
  await t.sql(`update accounts set plan = 'growth' where id = $1`, [growth]);
});
afterAll(async () => {
  await t.close();
});

const add = async (accountId: number, daysAgo: number, body: string, stage = 'done') => {
  const [m] = await t.sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, recipient, subject, body, payload, created_at, cost, credits)
     values ($1, 'email', 'DELIVERED', $2, 'retention', 'a@example.com', 'Subject ' || $3, $3,
             jsonb_build_object('html', '<p>' || $3 || '</p>', 'template', 'welcome'), now() - make_interval(days => $4), 7, 1)
     returning id`,
    [accountId, stage, body, daysAgo],
  );
  return m.id as number;
};
const row = async (id: number) =>
  (await t.sql('select body, subject, payload, status, cost::int as cost, recipient from messages where id = $1', [id]))[0];

describe('message retention', () => {
  it("redacts only what is past the plan's retention, keeps states, cost and the rollups' figures", async () => {
    const old = await add(trial, 150, 'old secret'); // a trial keeps 3 months
    const pending = await add(trial, 150, 'still going', 'connection'); // not finished: left alone
    const recent = await add(trial, 10, 'recent');
    const keptByPlan = await add(growth, 150, 'growth keeps 24 months');
    const rollup = `select coalesce(sum(n), 0)::int as n, coalesce(sum(cost), 0)::int as cost from analytics_deltas where account_id = $1`;
    const before = await t.sql(rollup, [trial]);

    const run = await applyRetention(t.ctx);
    expect(run.redacted).toBe(1);
    expect(run.unfinished).toBe(false);
    const r = await row(old);
    expect(r).toMatchObject({ body: '', subject: null, status: 'DELIVERED', cost: 7, recipient: 'a@example.com' });
    expect(r.payload.html).toBeUndefined();
    expect(r.payload.template).toBe('welcome');
    expect(typeof r.payload.redacted_at).toBe('string');
    expect((await row(pending)).body).toBe('still going');
    expect((await row(recent)).body).toBe('recent');
    expect((await row(keptByPlan)).body).toBe('growth keeps 24 months');
    // the update's rollup delta is zero: no figure of the dashboard moves
    expect(await t.sql(rollup, [trial])).toEqual(before);

    // the watermark moved to the cutoff: the next run reads nothing older again
    const [{ behind }] = await t.sql(
      `select messages_redacted_before > now() - interval '3 months 1 day' as behind from accounts where id = $1`,
      [trial],
    );
    expect(behind).toBe(true);
    const again = await applyRetention(t.ctx);
    expect(again.redacted).toBe(0);
  });

  it('goes on from its watermark when a run stops at its time budget', async () => {
    const ids = [];
    for (let d = 200; d < 205; d++) ids.push(await add(trial, d, `day ${d}`));
    await t.sql('update accounts set messages_redacted_before = null where id = $1', [trial]);
    // no time at all: every run does one batch and stops; the watermarks carry the work over
    let runs = 0;
    let redacted = 0;
    let run: Awaited<ReturnType<typeof applyRetention>>;
    do {
      run = await applyRetention(t.ctx, { budgetMs: 0 });
      redacted += run.redacted;
      runs++;
    } while (run.unfinished && runs < 100);
    expect(run.unfinished).toBe(false);
    expect(runs).toBeGreaterThan(1);
    expect(redacted).toBe(ids.length);
    for (const id of ids) expect((await row(id)).body).toBe('');
  });

  it('archives a month past MESSAGE_ARCHIVE_AFTER_MONTHS as gzipped CSV and drops its partition', async () => {
    await t.sql(`create table messages_2001_01 partition of messages for values from ('2001-01-01') to ('2001-02-01')`);
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body, created_at)
       values ($1, 'sms', 'DELIVERED', 'done', 'archive', '+966500000009', 'from 2001', '2001-01-15T10:00:00Z')`,
      [growth],
    );
    const run = await applyRetention(t.ctx);
    expect(run.archived).toEqual(['messages_2001_01']);
    const [{ exists }] = await t.sql(`select to_regclass('messages_2001_01') is not null as exists`);
    expect(exists).toBe(false);
    const file = path.join(t.ctx.config.messages.archiveDir, 'messages_2001_01.csv.gz');
    expect(existsSync(file)).toBe(true);
    const csv = gunzipSync(readFileSync(file)).toString('utf8');
    expect(csv.split('\n')[0]).toContain('recipient');
    expect(csv).toContain('+966500000009');
    // the current months are never archived
    const [{ n }] = await t.sql(
      `select count(*)::int as n from pg_inherits where inhparent = 'messages'::regclass and inhrelid::regclass::text ~ '^messages_\\d{4}_\\d{2}$'`,
    );
    expect(n).toBeGreaterThanOrEqual(3);
  });
});
