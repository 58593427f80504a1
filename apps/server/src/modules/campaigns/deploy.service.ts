/**
 * Deploy: the campaign is checked for completeness (field errors), its senders and content resolved
 * per channel, the audience counted (empty → AUDIENCE_EMPTY), plan and credits checked
 * (NO_VALID_PLAN, INSUFFICIENT_CREDITS) — any refusal leaves no batch behind (one transaction).
 * Then one batch per variant (none, or A and B of an A/B test) is created and either waits for
 * approval (the account needs approval, or the gateway reviews it), waits for its time, or starts.
 */
import { canTransition, type CampaignContent, type CampaignState } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';
import type { FieldError } from '@risala/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';
import { assertAccountActive, type AuthContext } from '../auth/index.ts';
import { assertSendingAllowed } from '../billing/index.ts';
import { reserveCredits } from '../messaging/index.ts';
import { buildAudience, countAudience } from './audience.ts';
import * as repo from './campaigns.repo.ts';
import { abOf, audienceOf, estimateOf, requireCampaign } from './campaigns.service.ts';
import { type CampaignSenders, channelPlan } from './content.ts';

/** SMS whose text carries a link are reviewed by the gateway before they go out (decisions.md). */
export const GATEWAY_REVIEWS_SMS_LINKS = true;

export function assertTransition(row: { status: string }, to: CampaignState) {
  if (!canTransition(row.status as CampaignState, to)) throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: row.status, to } });
}

export const batchCode = (id: number, at = new Date()) =>
  `B-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${String(id).padStart(6, '0')}`;

/** Queue a batch's start at its time (or now); the job key makes it idempotent (reschedule moves it). */
export async function queueBatchStart(ctx: AppContext, tx: DbOrTx, batchId: number, at: Date | null) {
  await enqueue(
    ctx.db.$client,
    tx,
    'campaign_batch_start',
    { batch: batchId },
    { runAt: at ?? new Date(), maxAttempts: 5, jobKey: `batch-start:${batchId}` },
  );
  await queueTick(ctx, tx);
}

/** The periodic check (completion, A/B winner, overdue starts): one job, its run time kept. */
export async function queueTick(ctx: AppContext, db: DbOrTx, delayMs = 2000) {
  await enqueue(
    ctx.db.$client,
    db,
    'campaigns_tick',
    {},
    { jobKey: 'campaigns_tick', runAt: new Date(Date.now() + delayMs), maxAttempts: 3 },
  );
}

function completeness(row: repo.CampaignRow): FieldError[] {
  const errors: FieldError[] = [];
  const need = (field: string) => errors.push({ field, message: 'validation.required' });
  if (!row.brand_id) need('brand_id');
  const channels = row.channels as Channel[];
  if (channels.length === 0) need('channels');
  if (audienceOf(row).group_ids.length === 0) need('audience.group_ids');
  const content = (row.content ?? {}) as CampaignContent;
  for (const ch of channels) if (!content[ch]) need(`content.${ch}`);
  const ab = abOf(row);
  if (ab) for (const ch of channels) if (!ab.variant_b[ch]) need(`ab_test.variant_b.${ch}`);
  if (row.schedule_at && row.schedule_at.getTime() <= Date.now() + 5 * 60_000)
    errors.push({ field: 'schedule_at', message: 'validation.scheduledTime' });
  return errors;
}

/** POST /api/campaigns/{id}/deploy */
/** Deploys in its own transaction, or inside `db` when that is one (a savepoint there). */
export async function deployCampaign(ctx: AppContext, auth: AuthContext, id: number, db: DbOrTx = ctx.db) {
  return db.transaction(async (tx) => {
    // a suspended account sends nothing (its sessions are refused too; this holds for every caller)
    const { rows: held } = await tx.execute<{ status: string; suspended_reason: string | null }>(
      sql`select status, suspended_reason from accounts where id = ${auth.accountId}`,
    );
    if (held[0]) assertAccountActive(held[0]);
    await assertSendingAllowed(tx, auth.accountId);
    const row = await requireCampaign(tx, auth.accountId, id, true);
    if (row.status !== 'DRAFT') throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: row.status } });
    const errors = completeness(row);
    if (errors.length) throw new AppError('VALIDATION_ERROR', { errors });
    const channels = row.channels as Channel[];
    const ab = abOf(row);
    // each channel's sender and content resolve (or refuse with their field)
    for (const ch of channels) await channelPlan(tx, auth.accountId, ch, row.content as CampaignContent, row.senders as CampaignSenders);
    if (ab)
      for (const ch of channels)
        await channelPlan(tx, auth.accountId, ch, ab.variant_b, row.senders as CampaignSenders, 'ab_test.variant_b');

    const audience = await buildAudience(tx, auth.accountId, audienceOf(row), channels, ab?.split_percent ?? null);
    const count = await countAudience(tx, audience);
    const firstWave = ab ? count.by_variant.filter((v) => v.variant !== 'REST').reduce((n, v) => n + v.count, 0) : count.reachable;
    if (firstWave === 0)
      throw new AppError('AUDIENCE_EMPTY', { errors: [{ field: 'audience.group_ids', message: 'errors.AUDIENCE_EMPTY' }] });
    const est = await estimateOf(tx, ctx.config.smsHomeOperator, row, count);
    for (const e of est.channels) {
      if (e.messages === 0) continue;
      // amount 0: checks the plan (NO_VALID_PLAN) without taking anything; credits are taken per chunk as messages are created
      const balance = await reserveCredits(tx, { accountId: auth.accountId, channel: e.channel, amount: 0 });
      if (balance < e.credits)
        throw new AppError('INSUFFICIENT_CREDITS', { params: { balance, needed: e.credits }, data: { channel: e.channel } });
    }

    // the account's rule, or a user that needs approval (approved_user false) until an owner or admin approves them
    const { rows: acct } = await tx.execute<{ needs_approval: boolean }>(
      sql`select a.needs_approval or coalesce((select not u.approved_user from users u
                                                where u.id = ${auth.userId} and u.account_id = a.id), false) as needs_approval
            from accounts a where a.id = ${auth.accountId}`,
    );
    const needsApproval = Boolean(acct[0]?.needs_approval);
    const smsText = String((row.content as CampaignContent).sms?.text ?? '');
    const gatewayReview =
      GATEWAY_REVIEWS_SMS_LINKS && channels.includes('sms') && /https?:\/\/|www\./i.test(smsText + String(ab?.variant_b.sms?.text ?? ''));
    const variants: (string | null)[] = ab ? ['A', 'B'] : [null];
    const costPer = est.messages > 0 ? Number(est.cost) / est.messages : 0;
    const batchIds: number[] = [];
    for (const variant of variants) {
      const n = count.by_variant.filter((v) => v.variant === variant).reduce((s, v) => s + v.count, 0);
      const batchId = await insertBatch(tx, {
        account_id: auth.accountId,
        campaign_id: row.id,
        variant,
        message_count: n,
        message_cost: (costPer * n).toFixed(5),
        scheduled_at: row.schedule_at,
        approval_status: needsApproval ? 'PORTAL_WAITING_FOR_APPROVAL' : null,
        requires_gateway_review: gatewayReview,
      });
      batchIds.push(batchId);
    }
    const status: CampaignState = needsApproval || gatewayReview ? 'WAITING_FOR_APPROVAL' : row.schedule_at ? 'SCHEDULED' : 'RUNNING';
    await repo.updateCampaign(tx, auth.accountId, id, {
      status,
      targeted: count.reachable,
      estimated_cost: est.cost,
      launched_at: status === 'RUNNING' ? new Date() : null,
    });
    if (status !== 'WAITING_FOR_APPROVAL') for (const b of batchIds) await queueBatchStart(ctx, tx, b, row.schedule_at);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'campaign.launched',
      target: { type: 'campaign', id, label: row.name },
      data: { status, channels, audience: count.reachable, batches: batchIds.length },
    });
    return {
      ...(await requireCampaign(tx, auth.accountId, id)),
      batches: await listCampaignBatches(tx, auth.accountId, id),
      estimate: est,
    };
  });
}

export interface NewBatch {
  account_id: number;
  campaign_id: number;
  variant: string | null;
  message_count: number;
  message_cost: string;
  scheduled_at: Date | null;
  approval_status?: string | null;
  requires_gateway_review?: boolean;
  request_type?: string;
  processing_status?: string | null;
}

/** A batch row with its public id B-YYYYMMDD-<id>. */
export async function insertBatch(tx: DbOrTx, b: NewBatch): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('batches', 'id'))::int as id`);
  const id = (rows[0] as { id: number }).id;
  await tx.execute(sql`
    insert into batches (id, account_id, campaign_id, batch_id, variant, message_count, message_cost, scheduled_at, approval_status,
                         requires_gateway_review, request_type, request_source, processing_status)
    values (${id}, ${b.account_id}, ${b.campaign_id}, ${batchCode(id)}, ${b.variant}, ${b.message_count}, ${b.message_cost}::numeric,
            ${b.scheduled_at?.toISOString() ?? null}::timestamptz, ${b.approval_status ?? null}, ${b.requires_gateway_review ?? false},
            ${b.request_type ?? 'campaign'}, 'portal', ${b.processing_status ?? null})`);
  return id;
}

export async function listCampaignBatches(db: DbOrTx, accountId: number, campaignId: number) {
  const { rows } = await db.execute(sql`
    select * from batches where account_id = ${accountId} and campaign_id = ${campaignId} and request_type <> 'test' order by id`);
  return rows;
}
