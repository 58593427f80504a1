/**
 * Running a campaign. A batch's start job (at its time) marks it PROCESSING, cuts the audience into
 * id ranges of EXPAND_CHUNK customers and queues one `campaign_expand` job per range at a higher
 * priority than the pipeline's stages (the worker's slots expand in parallel before they route).
 * A chunk's SMS whose text is plain enough are rendered and inserted by PostgreSQL (sms-sql.ts); the
 * other messages are rendered here and copied in with enqueueCampaignChunk; both are queued for the
 * router, their credits are taken last (the balance row stays locked only until commit), and the
 * chunk counts itself off `expand_pending`; the last one moves the batch to IN_PROGRESS.
 *
 * Pause holds what has not gone out: messages still in the router, filter or connection queue (for
 * SMS: not yet claimed by a connection's sender) become SCHEDULED in stage `route` (no stage picks them up), and chunks expanded while paused are
 * created held too; resume makes them PENDING again and queues them for the router. Cancel ends
 * them CANCELLED and refunds their credits. Both lock the campaign row, which each chunk shares.
 */
import { translate } from '@risala/shared/i18n/index.ts';
import type { CampaignContent, CampaignState } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';
import { partsCost } from '@risala/shared/destination';
import { minorToDecimal } from '@risala/shared/money';
import { sql } from 'drizzle-orm';
import {
  beginCampaignChunk,
  type CampaignScope,
  cancelSends,
  enqueueCampaignChunk,
  type NewMessage,
  pauseSends,
  reserveCredits,
  resumeSends,
  sendInserted,
} from '../messaging/index.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobPayload } from '../../jobs/registry.ts';
import { type Audience, audienceChunk, buildAudience, chunkBounds } from './audience.ts';
import * as repo from './campaigns.repo.ts';
import { abOf, audienceOf, requireCampaign } from './campaigns.service.ts';
import { addEmailTracking, type CampaignSenders, type ChannelPlan, channelPlan } from './content.ts';
import { assertTransition, queueTick } from './deploy.service.ts';
import { insertSmsChunk, type SmsChunkFields, type SmsPricing } from './sms-sql.ts';
import { planOf } from '../billing/index.ts';
import { campaignStatusCounts } from '../analytics/index.ts';

const reasonOf = (code: string) => translate('en', `errors.${code}`);

/** Customers read per expansion job. */
export const EXPAND_CHUNK = 5000;

export interface BatchRow {
  id: number;
  account_id: number;
  campaign_id: number | null;
  batch_id: string;
  variant: string | null;
  approval_status: string | null;
  gateway_status: string | null;
  requires_gateway_review: boolean;
  processing_status: string | null;
  scheduled_at: Date | string | null;
  canceled_at: Date | string | null;
  request_type: string;
  message_count: number;
}

export async function lockBatch(db: DbOrTx, id: number, accountId?: number): Promise<BatchRow | null> {
  const { rows } = await db.execute<BatchRow & Record<string, unknown>>(sql`
    select * from batches where id = ${id} ${accountId ? sql`and account_id = ${accountId}` : sql``} for update`);
  return rows[0] ?? null;
}

/** Portal approval (when asked for) and gateway review (when required) are both through. */
export const released = (b: BatchRow) =>
  (b.approval_status === null || b.approval_status === 'PORTAL_APPROVED') &&
  (!b.requires_gateway_review || b.gateway_status === 'APPROVED');

/** campaign_batch_start: a released, due, not cancelled batch begins expanding. */
export async function startBatch(ctx: AppContext, batchId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const b = await lockBatch(tx, batchId);
    if (!b?.campaign_id || b.canceled_at || b.processing_status || !released(b)) return false;
    // a suspended account's batches wait (by an operator, or for an overdue payment): a later tick starts them once it is active
    const { rows: acct } = await tx.execute<{ status: string; billing_suspended_at: string | null }>(
      sql`select status, billing_suspended_at from accounts where id = ${b.account_id}`,
    );
    if (acct[0]?.status === 'SUSPENDED' || acct[0]?.billing_suspended_at) return false;
    if (b.scheduled_at && new Date(b.scheduled_at).getTime() > Date.now() + 1000) return false;
    const c = await requireCampaign(tx, b.account_id, b.campaign_id, true);
    if (c.status === 'SCHEDULED') assertTransition(c, 'RUNNING');
    else if (c.status !== 'RUNNING' && c.status !== 'PAUSED') return false;
    const audience = await buildAudience(tx, b.account_id, audienceOf(c), c.channels as Channel[], abOf(c)?.split_percent ?? null);
    const bounds = await chunkBounds(tx, audience, EXPAND_CHUNK);
    const ranges = [0, ...bounds].map((after, i) => ({ after, upto: bounds[i] ?? null }));
    await tx.execute(sql`
      update batches set processing_status = 'PROCESSING', expand_pending = ${ranges.length}, message_count = 0, updated_at = now() where id = ${batchId}`);
    await repo.updateCampaign(tx, b.account_id, c.id, {
      status: c.status === 'PAUSED' ? 'PAUSED' : 'RUNNING',
      launched_at: c.launched_at ?? new Date(),
    });
    for (const r of ranges) {
      await enqueue(ctx.db.$client, tx, 'campaign_expand', { batch: batchId, after: r.after, upto: r.upto }, { maxAttempts: 5 });
    }
    await queueTick(ctx, tx);
    return true;
  });
}

export type ExpandPayload = JobPayload<'campaign_expand'>;

/** The content of a batch's variant: A (or no test) the campaign's, B the test's, REST the winner's. */
function contentFor(c: repo.CampaignRow, variant: string | null): CampaignContent {
  const ab = abOf(c);
  if (ab && (variant === 'B' || (variant === 'REST' && ab.winner === 'B'))) return ab.variant_b;
  return c.content as CampaignContent;
}

/** campaign_expand: one range of the audience → messages; the last range ends the expansion. */
export async function expandChunk(ctx: AppContext, p: ExpandPayload): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await beginCampaignChunk(tx);
    const { rows } = await tx.execute<BatchRow & Record<string, unknown>>(sql`select * from batches where id = ${p.batch}`);
    const b = rows[0];
    if (!b?.campaign_id || b.canceled_at || b.processing_status !== 'PROCESSING') return;
    const { rows: held } = await tx.execute<{ status: string }>(sql`select status from campaigns where id = ${b.campaign_id} for share`);
    const status = held[0]?.status;
    if (status !== 'RUNNING' && status !== 'PAUSED') return;
    // a chunk done before (its job ran again after the process died) adds nothing
    const { rows: first } = await tx.execute(sql`
      insert into batch_chunks (batch_id, after_id, account_id) values (${b.id}, ${p.after}, ${b.account_id}) on conflict do nothing returning 1 as ok`);
    if (first.length === 0) return;
    const c = await requireCampaign(tx, b.account_id, b.campaign_id);
    const channels = c.channels as Channel[];
    const ab = abOf(c);
    const audience = await buildAudience(tx, b.account_id, audienceOf(c), channels, ab?.split_percent ?? null);
    const content = contentFor(c, b.variant);
    const plans = new Map<Channel, ChannelPlan>();
    const failures = new Map<Channel, string>();
    for (const ch of channels) {
      try {
        plans.set(ch, await channelPlan(tx, b.account_id, ch, content, c.senders as CampaignSenders));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failures.set(ch, err.code);
      }
    }
    const base = { account_id: b.account_id, user_id: c.created_by, bulk_id: b.batch_id, batch_id: b.id, campaign_id: c.id };
    const state = status === 'PAUSED' ? 'SCHEDULED' : 'PENDING';
    const pricing = await smsPricing(ctx, tx, b.account_id);
    const chunk: Chunk = { audience, plans, failures, after: p.after, upto: p.upto, base, state, batch: b, pricing };
    await tx.execute(sql`savepoint chunk`);
    let count = await expandRendered(ctx, tx, chunk, true);
    if (count === null) {
      // the SMS credits were refused: the chunk again in JavaScript, which marks what is refused FAILED
      await tx.execute(sql`rollback to savepoint chunk`);
      count = (await expandRendered(ctx, tx, chunk, false)) as number;
    }
    const { rows: left } = await tx.execute<{ expand_pending: number }>(sql`
      update batches set expand_pending = expand_pending - 1, message_count = message_count + ${count}, updated_at = now()
       where id = ${b.id} returning expand_pending`);
    if (left[0]?.expand_pending === 0) {
      await tx.execute(
        sql`update batches set processing_status = 'IN_PROGRESS', updated_at = now() where id = ${b.id} and processing_status = 'PROCESSING'`,
      );
    }
  });
}

/** The account's plan rates per SMS part by destination class, and the platform's home network. */
async function smsPricing(ctx: AppContext, tx: DbOrTx, accountId: number): Promise<SmsPricing> {
  const { rows } = await tx.execute<{ plan: string }>(sql`select plan from accounts where id = ${accountId}`);
  const plan = await planOf(tx, rows[0]?.plan ?? 'free');
  return { on_net: plan.on_net_rate, off_net: plan.off_net_rate, international: plan.international_rate, home: ctx.config.smsHomeOperator };
}

interface Chunk {
  audience: Audience;
  plans: Map<Channel, ChannelPlan>;
  failures: Map<Channel, string>;
  after: number;
  upto: number | null;
  base: Omit<SmsChunkFields, 'status'>;
  state: 'PENDING' | 'SCHEDULED';
  batch: BatchRow;
  pricing: SmsPricing;
}

/**
 * A chunk's messages: SMS rendered by PostgreSQL when its plan allows (`inSql`), everything else
 * rendered here and copied in; credits taken. Null when the SQL-rendered SMS could not take their
 * credits (the caller rolls back and comes again without SQL).
 */
async function expandRendered(ctx: AppContext, tx: DbOrTx, k: Chunk, inSql: boolean): Promise<number | null> {
  const smsSql = inSql ? k.plans.get('sms')?.sql : undefined;
  let count = 0;
  if (smsSql) {
    const sms = await insertSmsChunk(
      tx,
      k.audience,
      smsSql,
      { after: k.after, upto: k.upto, variant: k.batch.variant },
      { ...k.base, status: k.state },
      k.pricing,
    );
    if (sms.ids.length > 0) {
      try {
        await reserveCredits(tx, { accountId: k.batch.account_id, channel: 'sms', amount: sms.credits, bulkId: k.batch.batch_id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return null;
      }
    }
    if (k.state === 'PENDING') await sendInserted(ctx, tx, sms.ids);
    count += sms.ids.length;
    // an SMS-only campaign has nobody else to reach
    if (k.plans.size + k.failures.size === 1) return count;
  }
  const attributes = [...k.plans.values()].some((plan) => plan.usesAttributes);
  const members = await audienceChunk(tx, k.audience, k.after, k.upto, k.batch.variant, { attributes, skipChannel: smsSql ? 'sms' : null });
  if (members.length === 0) return count;
  const out: NewMessage[] = members.map((m) => {
    const address = m.channel === 'email' ? (m.email as string).trim().toLowerCase() : (m.mobile_number as string);
    const plan = k.plans.get(m.channel);
    const base = { ...k.base, customer_id: m.id };
    if (!plan) {
      const code = k.failures.get(m.channel) ?? 'INTERNAL_ERROR';
      return {
        ...base,
        channel: m.channel,
        recipient: address,
        status: 'FAILED',
        stage: 'done',
        error_code: code,
        error_message: reasonOf(code),
        failed_at: new Date(),
      };
    }
    // the member row becomes the recipient (no copy of every row: the chunk's rows are the bulk of its garbage)
    const rendered = plan.render(Object.assign(m, { address }));
    // an SMS is priced per part at its destination class (as the SQL-rendered ones are)
    const cost =
      rendered.channel === 'sms' ? { cost: minorToDecimal(partsCost(address, rendered.parts ?? 1, k.pricing, k.pricing.home)) } : {};
    return { ...base, ...rendered, ...cost, status: k.state };
  });
  await tx.execute(sql`savepoint rendered`);
  let ids = (await enqueueCampaignChunk(ctx, tx, out)).ids;
  if (await takeCredits(tx, out, k.batch)) {
    // a channel ran out of credits: its rows are FAILED now; insert them again as they stand
    await tx.execute(sql`rollback to savepoint rendered`);
    ids = (await enqueueCampaignChunk(ctx, tx, out)).ids;
    await takeCredits(tx, out, k.batch);
  }
  await addEmailTracking(ctx, tx, out, ids, new Map(members.map((m) => [m.id, m.language])));
  return count + out.length;
}

/**
 * Credits per channel for a chunk; a channel whose balance or plan fails has its messages marked
 * FAILED with that code (in `rows`) and the answer is true: the caller inserts them again.
 */
async function takeCredits(tx: DbOrTx, rows: NewMessage[], b: BatchRow): Promise<boolean> {
  let refused = false;
  const need = new Map<string, number>();
  for (const r of rows) if (r.status !== 'FAILED') need.set(r.channel, (need.get(r.channel) ?? 0) + (r.credits ?? 0));
  for (const [channel, amount] of need) {
    try {
      await tx.execute(sql`savepoint credits`);
      await reserveCredits(tx, { accountId: b.account_id, channel, amount, bulkId: b.batch_id });
      await tx.execute(sql`release savepoint credits`);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await tx.execute(sql`rollback to savepoint credits`);
      refused = true;
      for (const r of rows) {
        if (r.channel !== channel || r.status === 'FAILED') continue;
        Object.assign(r, {
          status: 'FAILED',
          stage: 'done',
          credits: 0,
          error_code: err.code,
          error_message: reasonOf(err.code),
          failed_at: new Date(),
        });
      }
    }
  }
  return refused;
}

/** POST /api/campaigns/{id}/pause */
export async function pauseCampaign(ctx: AppContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await requireCampaign(tx, auth.accountId, id, true);
    assertTransition(c, 'PAUSED');
    const held = await holdCampaign(tx, auth.accountId, id);
    return { status: 'PAUSED', held };
  });
}

/** A campaign's unsent messages held and the campaign PAUSED (SMS leave their connection queue unless a sender already holds them: those go out). */
async function holdCampaign(tx: DbOrTx, accountId: number, id: number) {
  const held = await pauseSends(tx, accountId, { campaignId: id });
  await repo.updateCampaign(tx, accountId, id, { status: 'PAUSED' });
  return held;
}

/**
 * Every running campaign of an account paused, in the caller's transaction: what a suspension does
 * to sending already under way. Reactivation leaves them paused; the account resumes what it wants.
 */
export async function pauseAccountCampaigns(tx: DbOrTx, accountId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from campaigns where account_id = ${accountId} and status = 'RUNNING' order by id for update`,
  );
  for (const r of rows) await holdCampaign(tx, accountId, Number(r.id));
  return rows.map((r) => Number(r.id));
}

/** POST /api/campaigns/{id}/resume */
export async function resumeCampaign(ctx: AppContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await requireCampaign(tx, auth.accountId, id, true);
    if (c.status !== 'PAUSED') throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: c.status } });
    const released = await resumeSends(ctx, tx, auth.accountId, { campaignId: id });
    await repo.updateCampaign(tx, auth.accountId, id, { status: 'RUNNING' });
    await queueTick(ctx, tx);
    return { status: 'RUNNING', released };
  });
}

/** Not-yet-sent messages of a campaign (or one batch) → CANCELLED, their credits refunded. */
export async function cancelMessages(tx: DbOrTx, accountId: number, where: CampaignScope) {
  return cancelSends(tx, accountId, where);
}

/** POST /api/campaigns/{id}/cancel: from any state but the final ones. */
export async function cancelCampaign(ctx: AppContext, auth: AuthContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const c = await requireCampaign(tx, auth.accountId, id, true);
    assertTransition(c, 'CANCELED');
    const cancelled = await cancelMessages(tx, auth.accountId, { campaignId: id });
    await tx.execute(sql`
      update batches set canceled_at = now(), canceled_by = ${auth.userId}, updated_at = now()
       where account_id = ${auth.accountId} and campaign_id = ${id} and canceled_at is null
         and coalesce(processing_status, '') not in ('COMPLETED', 'COMPLETED_WITH_ERRORS')`);
    await repo.updateCampaign(tx, auth.accountId, id, { status: 'CANCELED', completed_at: new Date() });
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'campaign.cancelled',
      target: { type: 'campaign', id, label: c.name },
      data: { previous_status: c.status, cancelled_messages: cancelled },
    });
    return { status: 'CANCELED', cancelled };
  });
}

/** GET /api/campaigns/{id}/progress: messages by status, how many are final, percent of the audience. */
/** Messages still before the network (the router, filter or connection queue, or held by a pause). */
const WAITING = ['PENDING', 'SCHEDULED', 'QUEUED'];

/** GET /api/campaigns/{id}/progress, from the rollups: what was created, what has left the pipeline. */
export async function campaignProgress(ctx: AppContext, auth: AuthContext, id: number) {
  const c = await requireCampaign(ctx.db, auth.accountId, id);
  const rows = await campaignStatusCounts(ctx.db, auth.accountId, id);
  const by_status = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const created = rows.reduce((n, r) => n + r.n, 0);
  const done = rows.reduce((n, r) => n + (WAITING.includes(r.status) ? 0 : r.n), 0);
  const total = Math.max(c.targeted, created);
  return {
    status: c.status as CampaignState,
    targeted: c.targeted,
    created,
    done,
    by_status,
    percent: total ? Math.min(100, Math.round((done / total) * 1000) / 10) : 0,
  };
}
