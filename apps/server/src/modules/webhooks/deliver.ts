/**
 * The sender: one job per endpoint (`webhooks_deliver`, keyed by the endpoint) runs a round —
 * claims the due deliveries that head their ordering key (a delivery waits while an earlier one of
 * the same endpoint and key is neither delivered nor failed), posts them at once, each signed and
 * bounded by the attempt timeout, records each outcome, and queues the endpoint's next round at
 * its earliest due head. A round lasts at most one timeout, so a slow endpoint holds one worker
 * slot for that long and never the others' deliveries; a failure is recorded, not thrown.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { type Agent, fetch as undiciFetch } from 'undici';
import { guardedAgent, outboundRefusal } from '../../lib/safe-fetch.ts';
import { enqueue } from '../../jobs/queue.ts';
import { backoffMs, SIGNATURE_HEADER, signatureHeader } from './signing.ts';

/**
 * `d` heads its ordering key: no open delivery of the endpoint with that key is older. A scalar
 * subquery on purpose — one probe of webhook_deliveries_open_idx per candidate, whatever the
 * statistics say (an anti-join planned on a young table's empty statistics scans the table per row).
 */
const HEAD = sql`(d.ordering_key is null or d.id = (select min(p.id) from webhook_deliveries p
                   where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key and p.status in ('pending', 'sending')))`;

interface Claimed extends Record<string, unknown> {
  id: string;
  public_id: string;
  event: string;
  payload: unknown;
  attempts: number;
  created_at: string;
  deadline_at: string | null;
}

interface Outcome {
  ok: boolean;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** the body a delivery posts (docs/webhooks.md) */
export function deliveryBody(accountId: number, d: Pick<Claimed, 'public_id' | 'event' | 'payload' | 'created_at'>): string {
  return JSON.stringify({
    id: d.public_id,
    type: d.event,
    created_at: new Date(d.created_at).toISOString(),
    account_id: accountId,
    data: d.payload,
  });
}

/** a round's connections: every address checked by the outbound rule (lib/safe-fetch.ts), closed when the round ends */
function roundAgent(ctx: AppContext): Agent {
  const t = ctx.config.webhooks.timeoutMs;
  return guardedAgent(ctx.config, { connectTimeoutMs: t, headersTimeoutMs: t, bodyTimeoutMs: t });
}

/** reads at most `max` bytes of the answer, then lets the rest go */
async function readBounded(res: import('undici').Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

async function post(ctx: AppContext, agent: Agent, url: string, secret: string, d: Claimed, accountId: number): Promise<Outcome> {
  const body = deliveryBody(accountId, d);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    // redirects are not followed (a POST is never replayed elsewhere): a 3xx counts as a failure
    const res = await undiciFetch(url, {
      method: 'POST',
      dispatcher: agent,
      redirect: 'manual',
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Risala-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(secret, body),
        'Risala-Event': d.event,
        'Risala-Delivery': d.public_id,
      },
      signal: AbortSignal.timeout(ctx.config.webhooks.timeoutMs),
    });
    const text = await readBounded(res, ctx.config.webhooks.maxResponseBytes);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status_code: res.status, error: ok ? null : text.slice(0, 500) || `HTTP ${res.status}`, duration_ms: elapsed() };
  } catch (err) {
    const refusal = outboundRefusal(err);
    const e = err as Error & { cause?: Error };
    const message = refusal ? refusal.code : e.name === 'TimeoutError' ? 'timeout' : (e.cause?.message ?? e.message);
    return { ok: false, status_code: null, error: String(message).slice(0, 500), duration_ms: elapsed() };
  }
}

/** the due deliveries heading their key, claimed (status `sending`, leased until an attempt surely ended) */
async function claim(ctx: AppContext, accountId: number, endpointId: number, limit: number): Promise<Claimed[]> {
  const leaseSeconds = Math.ceil(ctx.config.webhooks.timeoutMs / 1000) + 30;
  const { rows } = await ctx.db.execute<Claimed>(sql`
    with heads as (
      select d.account_id, d.id from webhook_deliveries d
       where d.account_id = ${accountId} and d.endpoint_id = ${endpointId} and d.status in ('pending', 'sending')
         and d.next_attempt_at <= now()
         and ${HEAD}
       order by d.id limit ${limit}
         for update skip locked)
    update webhook_deliveries d set status = 'sending', attempts = d.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
      from heads where d.account_id = heads.account_id and d.id = heads.id
    returning d.id, d.public_id, d.event, d.payload, d.attempts, d.created_at, d.deadline_at`);
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

async function record(ctx: AppContext, accountId: number, d: Claimed, o: Outcome): Promise<void> {
  const c = ctx.config.webhooks;
  const deadline = d.deadline_at ? new Date(d.deadline_at).getTime() : new Date(d.created_at).getTime() + c.retryWindowMs;
  const wait = backoffMs(d.attempts, c);
  const status = o.ok ? 'delivered' : Date.now() + wait > deadline ? 'failed' : 'pending';
  const entry = { at: new Date().toISOString(), status_code: o.status_code, error: o.error, duration_ms: o.duration_ms };
  await ctx.db.execute(sql`
    update webhook_deliveries set status = ${status}, last_status_code = ${o.status_code}, last_error = ${o.error},
           next_attempt_at = now() + make_interval(secs => ${status === 'pending' ? wait / 1000 : 0}),
           attempts_log = jsonb_path_query_array(jsonb_build_array(${JSON.stringify(entry)}::jsonb) || attempts_log, '$[0 to 9]'),
           updated_at = now()
     where account_id = ${accountId} and id = ${d.id} and status = 'sending'`);
}

/** Queue an endpoint's round at `at` (now when omitted); the job key keeps one waiting per endpoint. */
export async function queueRound(ctx: AppContext, accountId: number, endpointId: number, at?: Date): Promise<void> {
  await enqueue(
    ctx.db.$client,
    ctx.db,
    'webhooks_deliver',
    { account_id: accountId, endpoint_id: endpointId },
    { jobKey: `webhook:${endpointId}`, maxAttempts: 5, runAt: at },
  );
}

/** One round of an endpoint's deliveries (see the file's comment). */
export async function deliverRound(ctx: AppContext, accountId: number, endpointId: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ url: string; secret_sealed: string; enabled: boolean }>(sql`
    select url, secret_sealed, enabled from webhook_endpoints where account_id = ${accountId} and id = ${endpointId}`);
  const ep = rows[0];
  if (!ep?.enabled) return 0; // deleted (its deliveries went with it) or disabled (they wait for it)
  const secret = decryptSecret(ctx.config.encryptionKey, ep.secret_sealed);
  const limit = ctx.config.webhooks.parallelPerEndpoint;
  const claimed = await claim(ctx, accountId, endpointId, limit);
  if (claimed.length) {
    const agent = roundAgent(ctx);
    try {
      await Promise.all(claimed.map(async (d) => record(ctx, accountId, d, await post(ctx, agent, ep.url, secret, d, accountId))));
    } finally {
      agent.destroy().catch(() => {});
    }
  }
  // the next round: now if this one was full, else at the earliest due head
  if (claimed.length >= limit) {
    await queueRound(ctx, accountId, endpointId);
    return claimed.length;
  }
  const { rows: next } = await ctx.db.execute<{ at: string | null }>(sql`
    select min(d.next_attempt_at)::text as at from webhook_deliveries d
     where d.account_id = ${accountId} and d.endpoint_id = ${endpointId} and d.status in ('pending', 'sending')
       and ${HEAD}`);
  const at = next[0]?.at;
  if (at) await queueRound(ctx, accountId, endpointId, new Date(Math.max(Date.now(), new Date(at).getTime())));
  return claimed.length;
}

/** days a finished delivery stays visible on the screen */
export const RETENTION_DAYS = 30;

/** The minute sweep: endpoints with due deliveries get a round (a job lost to a crash, or queued before the queue existed). */
export async function sweep(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.execute<{ account_id: number; endpoint_id: number }>(sql`
    select distinct d.account_id, d.endpoint_id from webhook_deliveries d
      join webhook_endpoints e on e.account_id = d.account_id and e.id = d.endpoint_id and e.enabled
     where d.status in ('pending', 'sending') and d.next_attempt_at <= now()`);
  for (const r of rows) await queueRound(ctx, r.account_id, r.endpoint_id);
  // once an hour: what was delivered or given up on leaves after the retention
  if (new Date().getUTCMinutes() === 23) {
    await ctx.db.execute(sql`
      delete from webhook_deliveries where status in ('delivered', 'failed')
         and updated_at < now() - make_interval(days => ${RETENTION_DAYS})`);
  }
}
