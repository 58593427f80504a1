/**
 * `Idempotency-Key` on the public API's sends. The first request with a key claims it (one insert
 * against the primary key (account_id, idempotency_key): of two concurrent duplicates exactly one
 * wins), runs, and stores its answer; a duplicate with the same body within 24 hours gets that
 * answer again with `Idempotent-Replayed: true` (waiting for it while the first still runs), a
 * duplicate with another body 422 IDEMPOTENCY_KEY_REUSED. A request that fails releases its claim,
 * so a retry after fixing the cause runs (nothing was sent).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';

export interface Answer {
  statusCode: number;
  message: string;
  data: unknown;
}

const WAIT_MS = 15_000;
const POLL_MS = 50;

const hashOf = (operation: string, body: unknown) =>
  createHash('sha256')
    .update(`${operation}\n${JSON.stringify(body)}`)
    .digest('hex');

function send(reply: FastifyReply, answer: Answer, replayed: boolean) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send({ statusCode: answer.statusCode, message: answer.message, data: answer.data });
}

export async function idempotent(
  ctx: AppContext,
  reply: FastifyReply,
  req: { accountId: number; key: string | undefined; operation: string; body: unknown },
  run: () => Promise<Answer>,
) {
  if (!req.key) return send(reply, await run(), false);
  const hash = hashOf(req.operation, req.body);
  const { rows: claimed } = await ctx.db.execute(sql`
    insert into api_idempotency as i (account_id, idempotency_key, operation, request_hash)
    values (${req.accountId}, ${req.key}, ${req.operation}, ${hash})
    on conflict (account_id, idempotency_key) do update
      set operation = excluded.operation, request_hash = excluded.request_hash, status_code = null, response = null, created_at = now()
      where i.created_at < now() - interval '24 hours'
    returning 1`);
  if (claimed.length === 0) return replay(ctx, reply, req, hash);
  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    await ctx.db.execute(
      sql`delete from api_idempotency where account_id = ${req.accountId} and idempotency_key = ${req.key} and status_code is null`,
    );
    throw err;
  }
  await ctx.db.execute(sql`
    update api_idempotency set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer)}::jsonb
     where account_id = ${req.accountId} and idempotency_key = ${req.key}`);
  return send(reply, answer, false);
}

async function replay(ctx: AppContext, reply: FastifyReply, req: { accountId: number; key?: string; operation: string }, hash: string) {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const { rows } = await ctx.db.execute<{ operation: string; request_hash: string; response: Answer | null }>(sql`
      select operation, request_hash, response from api_idempotency
       where account_id = ${req.accountId} and idempotency_key = ${req.key as string}`);
    const row = rows[0];
    // the first request failed and released the key meanwhile: this one is now the first
    if (!row) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (row.operation !== req.operation || row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.response) return send(reply, row.response, true);
    if (Date.now() > until) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Housekeeping: keys older than a day. */
export async function purgeIdempotencyKeys(ctx: AppContext) {
  await ctx.db.execute(sql`delete from api_idempotency where created_at < now() - interval '25 hours'`);
}
