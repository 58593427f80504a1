/**
 * Webhook endpoints of an account (create with the secret shown once, list, change, enable or
 * disable, rotate the secret, delete), a test event, and the deliveries with their last attempts
 * (re-send one). Every change is audited in its transaction; URLs pass the outbound rule of the
 * connections (lib/outbound-url.ts) when saved, and again on every connection (lib/safe-fetch.ts).
 */
import type { z } from 'zod';
import type { webhookDeliveriesQuerySchema, webhookInputSchema, webhookPatchSchema } from '@risala/shared/schemas/webhooks';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { assertOutboundUrl } from '../../lib/outbound-url.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { queueRound } from './deliver.ts';
import { forgetEndpoints } from './emit.ts';
import { newWebhookSecret } from './signing.ts';

type Input = z.output<typeof webhookInputSchema>;
type Patch = z.output<typeof webhookPatchSchema>;
type DeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

interface EndpointRow extends Record<string, unknown> {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret_hint: string;
  created_at: string;
  open_deliveries: number;
  failed_deliveries: number;
}

const hintOf = (secret: string) => `…${secret.slice(-4)}`;

const ENDPOINT_COLUMNS = sql`e.id, e.url, e.description, e.events, e.enabled, e.secret_hint, e.created_at::text as created_at,
  (select count(*)::int from webhook_deliveries d where d.account_id = e.account_id and d.endpoint_id = e.id
     and d.status in ('pending', 'sending')) as open_deliveries,
  (select count(*)::int from webhook_deliveries d where d.account_id = e.account_id and d.endpoint_id = e.id
     and d.status = 'failed') as failed_deliveries`;

const toIso = (s: string) => new Date(s).toISOString();
const shape = (r: EndpointRow) => ({ ...r, created_at: toIso(r.created_at) });

async function endpointOr404(db: DbOrTx, accountId: number, id: number): Promise<EndpointRow> {
  const { rows } = await db.execute<EndpointRow>(sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints e
     where e.account_id = ${accountId} and e.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listWebhooks(ctx: AppContext, auth: AuthContext) {
  const { rows } = await ctx.db.execute<EndpointRow>(sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints e
     where e.account_id = ${auth.accountId} order by e.id`);
  return rows.map(shape);
}

export async function getWebhook(ctx: AppContext, auth: AuthContext, id: number) {
  return shape(await endpointOr404(ctx.db, auth.accountId, id));
}

export async function createWebhook(ctx: AppContext, auth: AuthContext, input: Input, ip: string) {
  await assertOutboundUrl(ctx.config, input.url, 'url');
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into webhook_endpoints (account_id, url, description, events, enabled, secret_sealed, secret_hint, created_by)
      values (${auth.accountId}, ${input.url}, ${input.description}, ${sql.param(input.events)}::text[], ${input.enabled},
              ${encryptSecret(ctx.config.encryptionKey, secret)}, ${hintOf(secret)}, ${auth.userId})
      returning id`);
    const id = rows[0]?.id as number;
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'webhook.created',
      target: { type: 'webhook', id, label: input.url },
      ip,
      data: { url: input.url, events: input.events, enabled: input.enabled },
    });
    return endpointOr404(tx, auth.accountId, id);
  });
  forgetEndpoints(auth.accountId);
  return { ...shape(row), secret };
}

export async function updateWebhook(ctx: AppContext, auth: AuthContext, id: number, patch: Patch, ip: string) {
  if (patch.url !== undefined) await assertOutboundUrl(ctx.config, patch.url, 'url');
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const before = await endpointOr404(tx, auth.accountId, id);
    await tx.execute(sql`
      update webhook_endpoints set url = coalesce(${patch.url ?? null}, url), description = coalesce(${patch.description ?? null}, description),
             events = coalesce(${patch.events ? sql`${sql.param(patch.events)}::text[]` : null}, events),
             enabled = coalesce(${patch.enabled ?? null}::boolean, enabled), updated_at = now()
       where account_id = ${auth.accountId} and id = ${id}`);
    const after = await endpointOr404(tx, auth.accountId, id);
    const changed = (['url', 'description', 'events', 'enabled'] as const).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action:
        patch.enabled !== undefined && changed.length === 1 && changed[0] === 'enabled'
          ? after.enabled
            ? 'webhook.enabled'
            : 'webhook.disabled'
          : 'webhook.updated',
      target: { type: 'webhook', id, label: after.url },
      ip,
      data: {
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      },
    });
    return { before, after };
  });
  forgetEndpoints(auth.accountId);
  // enabled again: what waited goes out now
  if (!before.enabled && after.enabled) await queueRound(ctx, auth.accountId, id);
  return shape(after);
}

export async function rotateSecret(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await endpointOr404(tx, auth.accountId, id);
    await tx.execute(sql`
      update webhook_endpoints set secret_sealed = ${encryptSecret(ctx.config.encryptionKey, secret)}, secret_hint = ${hintOf(secret)},
             updated_at = now()
       where account_id = ${auth.accountId} and id = ${id}`);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'webhook.secret_rotated',
      target: { type: 'webhook', id, label: before.url },
      ip,
    });
    return endpointOr404(tx, auth.accountId, id);
  });
  return { ...shape(row), secret };
}

export async function deleteWebhook(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await endpointOr404(tx, auth.accountId, id);
    await tx.execute(sql`delete from webhook_endpoints where account_id = ${auth.accountId} and id = ${id}`);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'webhook.deleted',
      target: { type: 'webhook', id, label: before.url },
      ip,
      data: { url: before.url, events: before.events },
    });
  });
  forgetEndpoints(auth.accountId);
  return { id };
}

interface DeliveryRow extends Record<string, unknown> {
  public_id: string;
  event: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  attempts_log: { at: string; status_code: number | null; error: string | null; duration_ms: number }[];
  payload: unknown;
}

const DELIVERY_COLUMNS = sql`public_id, event, status, attempts, next_attempt_at::text as next_attempt_at, last_status_code, last_error,
  created_at::text as created_at, attempts_log, payload`;

const shapeDelivery = (r: DeliveryRow) => ({
  id: r.public_id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  next_attempt_at: r.status === 'pending' || r.status === 'sending' ? toIso(r.next_attempt_at) : null,
  last_status_code: r.last_status_code,
  last_error: r.last_error,
  created_at: toIso(r.created_at),
  last_attempts: r.attempts_log,
  payload: r.payload,
});

export async function listDeliveries(ctx: AppContext, auth: AuthContext, id: number, q: DeliveriesQuery) {
  await endpointOr404(ctx.db, auth.accountId, id);
  const status = q.status ? sql`and status = ${q.status}` : sql``;
  const { rows } = await ctx.db.execute<DeliveryRow>(sql`
    select ${DELIVERY_COLUMNS} from webhook_deliveries
     where account_id = ${auth.accountId} and endpoint_id = ${id} ${status}
     order by id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const { rows: total } = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from webhook_deliveries where account_id = ${auth.accountId} and endpoint_id = ${id} ${status}`);
  return { items: rows.map(shapeDelivery), page: q.page, limit: q.limit, total: total[0]?.n ?? 0 };
}

/** A delivered or failed delivery goes out again (same id: receivers de-duplicate by it), with a new retry window. */
export async function resendDelivery(ctx: AppContext, auth: AuthContext, id: number, deliveryId: string, ip: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const ep = await endpointOr404(tx, auth.accountId, id);
    const { rows } = await tx.execute<DeliveryRow>(sql`
      update webhook_deliveries set status = 'pending', next_attempt_at = now(),
             deadline_at = now() + make_interval(secs => ${ctx.config.webhooks.retryWindowMs / 1000}), updated_at = now()
       where account_id = ${auth.accountId} and endpoint_id = ${id} and public_id = ${deliveryId} and status <> 'sending'
      returning ${DELIVERY_COLUMNS}`);
    const d = rows[0];
    if (!d) throw new AppError('NOT_FOUND');
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'webhook.delivery_resent',
      target: { type: 'webhook', id, label: ep.url },
      ip,
      data: { delivery: deliveryId, event: d.event },
    });
    return d;
  });
  await queueRound(ctx, auth.accountId, id);
  return shapeDelivery(row);
}

/** A `webhook.test` delivery to this endpoint only (whatever its events), queued now. */
export async function sendTestEvent(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const ep = await endpointOr404(tx, auth.accountId, id);
    const { rows } = await tx.execute<DeliveryRow>(sql`
      insert into webhook_deliveries (account_id, endpoint_id, event, payload)
      values (${auth.accountId}, ${id}, 'webhook.test', ${JSON.stringify({ message: 'A test event from Risala', endpoint_id: id })}::jsonb)
      returning ${DELIVERY_COLUMNS}`);
    await audit(tx, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'webhook.test_sent',
      target: { type: 'webhook', id, label: ep.url },
      ip,
    });
    return rows[0] as DeliveryRow;
  });
  if (!(await endpointOr404(ctx.db, auth.accountId, id)).enabled) return shapeDelivery(row);
  await queueRound(ctx, auth.accountId, id);
  return shapeDelivery(row);
}
