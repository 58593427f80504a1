/**
 * The periodic campaign check (`campaigns_tick`, every 2 s while any campaign runs or is paused, at
 * most every minute while launches are only scheduled; also queued when the worker starts): starts batches that are due but whose
 * start job was lost, closes batches whose every message has left the queues (COMPLETED, or
 * COMPLETED_WITH_ERRORS when any FAILED; closeBatchIfDone), decides due A/B tests, and completes campaigns whose
 * batches are all final — with a `campaign_status` notification to the campaign's creator.
 */
import { sql } from 'drizzle-orm';
import { firstUnsentMessage } from '../messaging/index.ts';
import type { AppContext } from '../../context.ts';
import { notify } from '../notifications/index.ts';
import { emitWebhookEvents } from '../webhooks/index.ts';
import { decideWinner } from './ab-test.ts';
import { queueTick } from './deploy.service.ts';
import { startBatch } from './execution.ts';

export async function campaignsTick(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const { rows: due } = await db.execute<{ id: number }>(sql`
    select b.id from batches b join campaigns c on c.id = b.campaign_id
     where b.processing_status is null and b.canceled_at is null and b.request_type <> 'test'
       and (b.scheduled_at is null or b.scheduled_at <= now())
       and (b.approval_status is null or b.approval_status = 'PORTAL_APPROVED')
       and (not b.requires_gateway_review or b.gateway_status = 'APPROVED')
       and c.status in ('SCHEDULED', 'RUNNING', 'PAUSED')`);
  for (const b of due) await startBatch(ctx, b.id);

  const { rows: open } = await db.execute<{ id: number; open_from_id: string | null }>(sql`
    select id, open_from_id from batches where processing_status = 'IN_PROGRESS'`);
  for (const b of open) await closeBatchIfDone(ctx, b.id, Number(b.open_from_id ?? 0));

  const { rows: tests } = await db.execute<{ id: number }>(sql`
    select id from campaigns where status = 'RUNNING' and ab_test is not null and ab_test->>'winner' is null
       and launched_at + make_interval(hours => (ab_test->>'after_hours')::int) <= now()`);
  for (const c of tests) await decideWinner(ctx, c.id);

  const { rows: finished } = await db.execute<{
    id: number;
    account_id: number;
    created_by: number | null;
    name: string;
    status: string;
    completed_at: string;
  }>(sql`
    update campaigns c set status = case when exists (select 1 from batches b where b.campaign_id = c.id and b.processing_status = 'COMPLETED_WITH_ERRORS')
                                         then 'COMPLETED_WITH_ERRORS' else 'COMPLETED' end,
                           completed_at = now(), updated_at = now()
     where c.status = 'RUNNING' and (c.ab_test is null or c.ab_test->>'winner' is not null)
       and exists (select 1 from batches b where b.campaign_id = c.id and b.request_type <> 'test')
       and not exists (select 1 from batches b where b.campaign_id = c.id and b.request_type <> 'test' and b.canceled_at is null
                        and coalesce(b.processing_status, '') not in ('COMPLETED', 'COMPLETED_WITH_ERRORS'))
    returning c.id, c.account_id, c.created_by, c.name, c.status, c.completed_at`);
  await emitWebhookEvents(
    db,
    'campaign.finished',
    finished.map((c) => ({
      account_id: c.account_id,
      ordering_key: `campaign:${c.id}`,
      data: { campaign_id: c.id, name: c.name, status: c.status, completed_at: new Date(c.completed_at).toISOString() },
    })),
  );
  for (const c of finished) {
    if (!c.created_by) continue;
    const key = c.status === 'COMPLETED' ? 'campaignCompleted' : 'campaignCompletedWithErrors';
    await notify(db, { accountId: c.account_id, userId: c.created_by }, 'campaign_status', key, { name: c.name });
  }

  // every 2 s while something runs; while only scheduled launches wait, at most every minute (their own jobs fire on time)
  const { rows: next } = await db.execute<{ running: boolean; due: string | null }>(sql`
    select exists (select 1 from campaigns where status in ('RUNNING', 'PAUSED')) as running,
           (select min(b.scheduled_at) from batches b join campaigns c on c.id = b.campaign_id
             where c.status = 'SCHEDULED' and b.processing_status is null and b.canceled_at is null)::text as due`);
  const { running, due: nextAt } = next[0] ?? { running: false, due: null };
  if (running) await queueTick(ctx, db);
  else if (nextAt) await queueTick(ctx, db, Math.min(60_000, Math.max(2000, new Date(nextAt).getTime() - Date.now())));
}

/**
 * A batch is done when none of its messages is left in a queue. Messages leave roughly in id order,
 * so the batch keeps a watermark (open_from_id: everything below it is done) and each tick walks
 * (batch_id, id) from there to the first open message: the whole batch is read once over its run,
 * not once per tick.
 */
async function closeBatchIfDone(ctx: AppContext, batchId: number, from: number) {
  await ctx.db.transaction(async (tx) => {
    const first = await firstUnsentMessage(tx, batchId, from);
    if (first !== null) {
      if (first > from) await tx.execute(sql`update batches set open_from_id = ${first} where id = ${batchId}`);
      return;
    }
    await tx.execute(sql`
      update batches b set processing_status = case when exists (select 1 from messages m where m.batch_id = b.id and m.status = 'FAILED')
                                                    then 'COMPLETED_WITH_ERRORS' else 'COMPLETED' end, updated_at = now()
       where b.id = ${batchId} and b.processing_status = 'IN_PROGRESS'`);
  });
}
