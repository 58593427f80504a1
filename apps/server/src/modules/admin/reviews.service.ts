/**
 * What waits for the platform across accounts: SMS sender ids to approve, WhatsApp templates
 * pending at Meta, and batches held for gateway review — and the gateway connections' health.
 * Deciding goes through each module's own approval service, with the operator as the reviewer.
 */
import type { GatewayHealthItem, ReviewDecision, ReviewItem } from '@risala/shared/schemas/admin';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Reviewer } from '../audit/index.ts';
import { gatewayReviewAs } from '../campaigns/index.ts';
import { reviewSmsSenderAs } from '../senders/index.ts';
import { type OperatorAuth, operatorActor } from './operators.service.ts';

const LIMIT = 200;

interface Row {
  id: number;
  account_id: number;
  account_name: string;
  label: string;
  detail: string | null;
  status: string;
  created_at: Date;
}

const toItem =
  (kind: ReviewItem['kind']) =>
  (r: Row): ReviewItem => ({
    kind,
    id: r.id,
    account_id: r.account_id,
    account_name: r.account_name,
    label: r.label,
    detail: r.detail,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
  });

export async function reviewQueues(ctx: AppContext) {
  const db = ctx.db;
  const { rows: senders } = await db.execute<Row & Record<string, unknown>>(sql`
    select s.id, s.account_id, a.name as account_name, s.sender_id as label, s.description as detail, s.status, s.created_at
      from sms_senders s join accounts a on a.id = s.account_id
     where s.status = 'WAITING_FOR_APPROVAL' order by s.created_at limit ${LIMIT}`);
  const { rows: templates } = await db.execute<Row & Record<string, unknown>>(sql`
    select t.id, t.account_id, a.name as account_name, t.name as label, t.language || ' · ' || t.category as detail, t.status,
           coalesce(t.submitted_at, t.created_at) as created_at
      from whatsapp_templates t join accounts a on a.id = t.account_id
     where t.status = 'PENDING' order by coalesce(t.submitted_at, t.created_at) limit ${LIMIT}`);
  const { rows: batches } = await db.execute<Row & Record<string, unknown>>(sql`
    select b.id, b.account_id, a.name as account_name, coalesce(c.name, '#' || b.id) as label,
           b.message_count::text as detail, coalesce(b.gateway_status, 'WAITING') as status, b.created_at
      from batches b join accounts a on a.id = b.account_id left join campaigns c on c.id = b.campaign_id and c.account_id = b.account_id
     where b.requires_gateway_review and b.gateway_status is distinct from 'APPROVED' and b.gateway_status is distinct from 'REJECTED'
       and b.canceled_at is null and b.processing_status is null
     order by b.created_at limit ${LIMIT}`);
  return {
    sms_senders: senders.map(toItem('sms_sender')),
    whatsapp_templates: templates.map(toItem('whatsapp_template')),
    batches: batches.map(toItem('batch')),
  };
}

/** Every account's connections: a started connection that is not CONNECTED is unhealthy. */
export async function gatewayHealth(ctx: AppContext): Promise<{ connections: GatewayHealthItem[] }> {
  const { rows } = await ctx.db.execute<{
    id: number;
    account_id: number;
    account_name: string;
    connection_name: string;
    type: string;
    status: string;
    desired_state: string;
    is_sandbox: boolean;
    last_error: string | null;
    connected_at: Date | null;
  }>(sql`
    select c.id, c.account_id, a.name as account_name, c.connection_name, c.type, c.status, c.desired_state, c.is_sandbox,
           c.last_error, c.connected_at
      from connections c join accounts a on a.id = c.account_id
     order by (c.desired_state = 'started' and c.status <> 'CONNECTED') desc, a.name, c.connection_name limit 500`);
  return {
    connections: rows.map((r) => ({
      ...r,
      connected_at: r.connected_at ? new Date(r.connected_at).toISOString() : null,
      healthy: r.desired_state !== 'started' || r.status === 'CONNECTED',
    })),
  };
}

/** The account an item belongs to (any account: operators work across them); 404 when there is none. */
async function ownerOf(ctx: AppContext, table: 'sms_senders' | 'batches', id: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ account_id: number }>(
    table === 'sms_senders'
      ? sql`select account_id from sms_senders where id = ${id}`
      : sql`select account_id from batches where id = ${id} and request_type <> 'test'`,
  );
  const accountId = rows[0]?.account_id;
  if (accountId === undefined) throw new AppError('NOT_FOUND');
  return Number(accountId);
}

const operatorReviewer = (op: OperatorAuth, accountId: number): Reviewer => ({ accountId, userId: null, actor: operatorActor(op) });

/** An operator approves or rejects a waiting SMS sender id, as the account's own reviewer would. */
export async function decideSmsSender(ctx: AppContext, op: OperatorAuth, id: number, d: ReviewDecision) {
  const accountId = await ownerOf(ctx, 'sms_senders', id);
  await reviewSmsSenderAs(
    ctx,
    operatorReviewer(op, accountId),
    id,
    d.decision === 'approve' ? { approve: true } : { approve: false, reason: d.reason },
  );
  return { id, kind: 'sms_sender' as const, decision: d.decision };
}

/** An operator releases or rejects a batch held for gateway review. */
export async function decideBatch(ctx: AppContext, op: OperatorAuth, id: number, d: ReviewDecision) {
  const accountId = await ownerOf(ctx, 'batches', id);
  await gatewayReviewAs(
    ctx,
    operatorReviewer(op, accountId),
    id,
    d.decision === 'approve' ? 'APPROVED' : 'REJECTED',
    d.decision === 'reject' ? d.reason : undefined,
  );
  return { id, kind: 'batch' as const, decision: d.decision };
}
