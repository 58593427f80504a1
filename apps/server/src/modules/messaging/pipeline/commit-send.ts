/**
 * The common end of every direct send (SMS, email, WhatsApp), inside the caller's transaction:
 * the messages go in (PENDING rows enter the router queue), the credits are reserved last (so
 * concurrent sends hold the account's balance row only briefly; a refusal rolls everything back),
 * SCHEDULED and NOT_ALLOWED rows start their timeline, and a scheduled send gets its release job.
 */
import type { Channel, SendResult } from '@risala/shared/schemas/messages';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { enqueue } from '../../../jobs/queue.ts';
import type { AuthContext } from '../../auth/index.ts';
import type { NewMessage } from './contracts.ts';
import { reserveCredits } from './credits.ts';
import { enqueueMessages } from './enqueue.ts';
import { recordEvents } from '../states/index.ts';

export async function commitSend(
  ctx: AppContext,
  tx: DbOrTx,
  auth: AuthContext,
  send: { channel: Channel; bulkId: string; result: SendResult; rows: NewMessage[] },
): Promise<number[]> {
  const { channel, bulkId, result, rows } = send;
  const { ids } = await enqueueMessages(ctx, tx, rows);
  if (result.credits > 0) {
    result.balance = await reserveCredits(tx, { accountId: auth.accountId, channel, amount: result.credits, bulkId, userId: auth.userId });
  }
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
