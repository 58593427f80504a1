/**
 * The common end of every direct send (SMS, email, WhatsApp), inside the caller's transaction:
 * the messages go in (PENDING rows enter the router queue), the credits' hold taken before the
 * transaction (credits.ts) is settled (a hold the sweep already gave back refuses the send),
 * SCHEDULED and NOT_ALLOWED rows start their timeline, and a scheduled send gets its release job.
 */
import type { Channel, SendResult } from '@risala/shared/schemas/messages';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueue, ensureQueue } from '../../../jobs/queue.ts';
import type { AuthContext } from '../../auth/index.ts';
import type { NewMessage } from './contracts.ts';
import { settleHold } from './credits.ts';
import { AppError } from '../../../lib/errors.ts';
import { enqueueMessages, jsonGroups, SMALL } from './enqueue.ts';
import { countMessages } from '../../../metrics.ts';
import { JOB_PRIORITY } from '../../../jobs/registry.ts';
import { recordEvents } from '../states/index.ts';

export async function commitSend(
  ctx: AppContext,
  tx: DbOrTx,
  auth: AuthContext,
  send: { channel: Channel; bulkId: string; result: SendResult; rows: NewMessage[]; holdId: number | null },
): Promise<number[]> {
  const { bulkId, result, rows, holdId } = send;
  if (result.credits > 0 && (holdId === null || !(await settleHold(tx, auth.accountId, holdId)))) {
    throw new AppError('INSUFFICIENT_CREDITS', { params: { balance: result.balance, needed: result.credits } });
  }
  const { ids } = await enqueueMessages(ctx, tx, rows);
  await recordEvents(
    tx,
    ids.flatMap((id, i) => {
      const row = rows[i];
      if (row?.status !== 'SCHEDULED' && row?.status !== 'NOT_ALLOWED') return [];
      return [
        {
          message_id: id,
          account_id: auth.accountId,
          event: row.status,
          detail: row.status === 'NOT_ALLOWED' ? (row.error_message ?? null) : null,
        },
      ];
    }),
  );
  if (result.scheduled_at && rows.some((r) => r.status === 'SCHEDULED')) {
    await enqueue(
      ctx.db.$client,
      tx,
      'messages_release',
      { account_id: auth.accountId, bulk_id: bulkId },
      {
        runAt: new Date(result.scheduled_at),
        maxAttempts: 5,
        jobKey: `release:${bulkId}`,
      },
    );
  }
  return ids;
}

/**
 * A small direct send whose messages all enter the pipeline now (an API call, a test message): the
 * hold settled, the messages inserted and their router job queued in ONE statement (its own
 * transaction), instead of begin, settle, insert, add_job and commit — five round trips, which
 * are most of a one-message send's time. Null when the send is not of that shape (commitSend then).
 */
export async function commitSmallSend(
  ctx: AppContext,
  accountId: number,
  send: { result: SendResult; rows: NewMessage[]; holdId: number },
): Promise<number[] | null> {
  const { result, rows, holdId } = send;
  if (rows.length > SMALL || result.scheduled_at || rows.some((r) => (r.status ?? 'PENDING') !== 'PENDING')) return null;
  const groups = jsonGroups(rows);
  if (groups.length !== 1) return null;
  const [{ list, values }] = groups as [(typeof groups)[number]];
  await ensureQueue(ctx.db.$client);
  // ids come from the sequence in the rows' order, so ordering by id answers them in that order
  const { rows: out } = await ctx.db.$client.query<{ ids: string[] | null; settled: boolean }>(
    `with s as (
       update credit_ledger set reason = 'send' where id = $1 and account_id = $2 and reason = 'hold' returning id
     ), m as (
       insert into messages (${list}) select ${list} from json_populate_recordset(null::messages, $3::json) where exists (select 1 from s)
       returning id
     ), j as (
       select graphile_worker.add_job('messages_route', json_build_object('ids', (select json_agg(id order by id) from m)),
                                      max_attempts => 5, priority => $4::int) as job
        where exists (select 1 from m)
     )
     select (select array_agg(id::text order by id) from m) as ids, exists (select 1 from s) as settled, (select count(*) from j) as jobs`,
    [holdId, accountId, JSON.stringify(values), JOB_PRIORITY.messages_route ?? 0],
  );
  const row = out[0];
  if (!row?.settled) throw new AppError('INSUFFICIENT_CREDITS', { params: { balance: result.balance, needed: result.credits } });
  countMessages(rows[0]?.channel ?? 'sms', 'PENDING', rows.length);
  return (row.ids ?? []).map(Number);
}
