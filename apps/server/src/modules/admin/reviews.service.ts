/**
 * What waits for the platform across accounts: SMS sender ids to approve, WhatsApp templates
 * pending at Meta, and batches held for gateway review — and the gateway connections' health.
 * Read-only lists; deciding stays with each module's own approval service.
 */
import type { GatewayHealthItem, ReviewItem } from '@risala/shared/schemas/admin';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

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
