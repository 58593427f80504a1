/**
 * The rollups stay exact whoever writes `messages` and however: inserts, updates that move state
 * forwards, backwards and not at all (a replayed receipt), out of order, deletes, unsubscribes —
 * checked against count(*) over messages before the fold, after it, and after a rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createTestApp, signUpCast, type TestApp } from '../../test/helper.ts';
import { foldOnce, rebuildAccount, verifyRollups } from './index.ts';

let t: TestApp;
let cast: Cast;
let campaignId: number;
beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
  const [b] = await t.sql<{ id: number }>(`insert into brands (account_id, name) values ($1, 'Acme') returning id`, [cast.owner.accountId]);
  const [c] = await t.sql<{ id: number }>(
    `insert into campaigns (account_id, name, brand_id, channels, status) values ($1, 'Spring', $2, '{whatsapp,sms}', 'RUNNING') returning id`,
    [cast.owner.accountId, b?.id],
  );
  campaignId = c?.id as number;
});
afterAll(async () => {
  await t?.close();
});

const ROLLUPS = [
  'analytics_hourly',
  'analytics_daily',
  'analytics_campaigns',
  'analytics_failures_daily',
  'analytics_senders_daily',
  'analytics_dest_daily',
];
const exact = async (accountId: number) => expect(await verifyRollups(t.ctx.db.$client, accountId)).toEqual([]);
const rows = async (table: string, accountId: number) =>
  (await t.sql(`select * from ${table} where account_id = $1`, [accountId])).map((r) => JSON.stringify(r)).sort();

describe('analytics rollups', () => {
  it('follow every write to messages exactly, folded or not, and a rebuild finds the same', async () => {
    const a = cast.owner.accountId;
    // three statements of inserts: a campaign's SMS and WhatsApp, a direct email send, across two hours
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, batch_id, recipient, sender, credits, cost, created_at)
       select $1, case when g % 3 = 0 then 'whatsapp' else 'sms' end, 'PENDING', 'route', 'b1', $2, 900 + g % 2, '+9665' || lpad(g::text, 8, '0'), 'ACME', 1, 0.05,
              now() - interval '1 hour' * (g % 2) from generate_series(1, 300) g`,
      [a, campaignId],
    );
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, sender, credits, created_at)
       select $1, 'email', 'QUEUED', 'connection', 'b2', 'x' || g || '@example.com', 'news@acme.test', 1, now() from generate_series(1, 50) g`,
      [a],
    );
    // the stranger's messages must never count here
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, credits) select $1, 'sms', 'DELIVERED', 'done', 'z', '+971500000001', 1 from generate_series(1, 7)`,
      [cast.stranger.accountId],
    );
    await exact(a);
    // forwards: queued, sent; some fail with reasons and get their credits back
    await t.sql(`update messages set status = 'QUEUED', stage = 'connection', queued_at = now() where account_id = $1 and bulk_id = 'b1'`, [
      a,
    ]);
    await t.sql(
      `update messages set status = 'SENT', stage = 'done', sent_at = now() where account_id = $1 and bulk_id = 'b1' and id % 5 <> 0`,
      [a],
    );
    await t.sql(
      `update messages set status = 'FAILED', error_code = case when id % 2 = 0 then 'NO_ROUTE' else 'ESME_RINVDSTADR' end, failed_at = now(), credits = 0
        where account_id = $1 and bulk_id = 'b1' and id % 5 = 0`,
      [a],
    );
    await exact(a);
    await foldOnce(t.ctx);
    await exact(a);
    // receipts out of order (READ before DELIVERED) and replayed: the second application changes nothing
    const receipt = `update messages set status = case when channel = 'whatsapp' then 'READ' else 'DELIVERED' end, delivered_at = coalesce(delivered_at, now()),
                            read_at = case when channel = 'whatsapp' then coalesce(read_at, now()) end
                      where account_id = $1 and bulk_id = 'b1' and status in ('SENT', 'DELIVERED', 'READ') and id % 4 = 0`;
    await t.sql(receipt, [a]);
    await t.sql(receipt, [a]);
    await t.sql(
      `update messages set status = 'DELIVERED', delivered_at = now() where account_id = $1 and bulk_id = 'b1' and status = 'SENT' and id % 4 = 1`,
      [a],
    );
    // a no-op rewrite of the same values (a duplicate webhook) and a column no rollup reads
    await t.sql(`update messages set status = status, updated_at = now() where account_id = $1`, [a]);
    await t.sql(`update messages set possible_duplicate = true where account_id = $1 and id % 7 = 0`, [a]);
    // email opened and clicked, one unsubscribe; one message deleted
    await t.sql(`update messages set status = 'DELIVERED', delivered_at = now() where account_id = $1 and bulk_id = 'b2'`, [a]);
    await t.sql(`update messages set read_at = now() where account_id = $1 and bulk_id = 'b2' and id % 2 = 0`, [a]);
    await t.sql(`update messages set clicked_at = now() where account_id = $1 and bulk_id = 'b2' and id % 3 = 0`, [a]);
    const [one] = await t.sql<{ id: number }>(`select id from messages where account_id = $1 and bulk_id = 'b2' order by id limit 1`, [a]);
    await t.sql(`insert into message_events (message_id, account_id, event) values ($1, $2, 'UNSUBSCRIBED'), ($1, $2, 'OPENED')`, [
      one?.id,
      a,
    ]);
    await t.sql(
      `delete from messages where account_id = $1 and bulk_id = 'b2' and id = (select max(id) from messages where bulk_id = 'b2')`,
      [a],
    );
    await exact(a);
    await foldOnce(t.ctx);
    await exact(a);
    expect((await t.sql('select count(*)::int as n from analytics_deltas where account_id = $1', [a]))[0]?.n).toBe(0);
    // per batch (an A/B test's variants), and by the minute the changes were written
    expect(
      await t.sql('select batch_id, sum(n)::int as n from analytics_campaigns where account_id = $1 group by 1 order by 1', [a]),
    ).toEqual([
      { batch_id: 900, n: 150 },
      { batch_id: 901, n: 150 },
    ]);
    const [minutes] = await t.sql<{ sent: number; newest: Date }>(
      'select sum(sent)::int as sent, max(minute) as newest from analytics_campaign_minutes where account_id = $1 and campaign_id = $2',
      [a, campaignId],
    );
    expect(minutes?.sent).toBe(240);
    expect(Date.now() - new Date(minutes?.newest as Date).getTime()).toBeLessThan(120_000);

    // the rebuild from messages gives the very rows the triggers and the fold built
    const before = await Promise.all(ROLLUPS.map((x) => rows(x, a)));
    await rebuildAccount(t.ctx.db.$client, a);
    const after = await Promise.all(ROLLUPS.map((x) => rows(x, a)));
    expect(after).toEqual(before);
    expect(before[0]?.length).toBeGreaterThan(0);
    await exact(a);
    await exact(cast.stranger.accountId);
    // and the check does see a rollup that is off by one
    await t.sql(
      `update analytics_hourly set n = n + 1 where (account_id, hour, campaign_id, channel) = (select account_id, hour, campaign_id, channel from analytics_hourly where account_id = $1 limit 1)`,
      [a],
    );
    expect((await verifyRollups(t.ctx.db.$client, a)).map((m) => m.projection)).toEqual(['hourly', 'hourly']);
  });

  it('counts customers added, consent withdrawn and STOP replies', async () => {
    const a = cast.owner.accountId;
    await t.sql(
      `insert into customers (account_id, first_name, mobile_number, email, consent_sms, consent_email) select $1, 'C' || g, '+96650' || lpad(g::text, 7, '0'), 'c' || g || '@x.test', true, true from generate_series(1, 20) g`,
      [a],
    );
    await t.sql(
      `update customers set consent_sms = false, consent_sms_source = 'sms_stop', consent_sms_at = now() where account_id = $1 and first_name in ('C1', 'C2', 'C3')`,
      [a],
    );
    await t.sql(
      `update customers set consent_email = false, consent_email_source = 'unsubscribe', consent_email_at = now() where account_id = $1 and first_name = 'C4'`,
      [a],
    );
    // turning an already withdrawn consent off again is not a second withdrawal
    await t.sql(`update customers set consent_sms = false, consent_sms_source = 'sms_stop' where account_id = $1 and first_name = 'C1'`, [
      a,
    ]);
    await t.sql(
      `insert into inbound_messages (account_id, channel, from_address, to_address, body, action, customer_id)
       select $1, 'sms', mobile_number, 'ACME', 'STOP', 'stop', id from customers where account_id = $1 and first_name in ('C1', 'C2', 'C3')`,
      [a],
    );
    const total = async () =>
      (
        await t.sql<{ added: number; e: number; s: number; w: number; stop: number }>(
          `select sum(added)::int as added, sum(withdrawn_email)::int as e, sum(withdrawn_sms)::int as s, sum(withdrawn_whatsapp)::int as w, sum(stop_replies)::int as stop
             from analytics_audience_hourly where account_id = $1`,
          [a],
        )
      )[0];
    const live = await total();
    expect(live).toEqual({ added: 20, e: 1, s: 3, w: 0, stop: 3 });
    await rebuildAccount(t.ctx.db.$client, a);
    expect(await total()).toEqual(live);
  });
});
