/**
 * The connection queue of email and WhatsApp (`messages_channel_send`): a chunk of QUEUED messages
 * is claimed (stage `inflight`), handed to the channel's driver, and the outcomes are written in
 * bulk: SENT with the provider's id, retryable failures back to the queue with a growing delay
 * (bounded, then FAILED), other failures FAILED with the provider's reason.
 */
import { emailDriver } from '../../../channels/email/email-driver.ts';
import { whatsappDriver } from '../../../channels/whatsapp/whatsapp-driver.ts';
import type { AppContext } from '../../../context.ts';
import type { ChannelDriver, MessageRow, SendFail } from './contracts.ts';
import { queueChunks } from './jobs.ts';
import { reason } from './reason.ts';
import { backToChannelQueue, claimForChannelSend, markChannelSent, refuse } from '../states/index.ts';
import { byIndex } from './stage-repo.ts';
import { channelSends, countMessageRows } from '../../../metrics.ts';

const drivers: Record<string, ChannelDriver> = { email: emailDriver, whatsapp: whatsappDriver };
export const MAX_CHANNEL_RETRIES = 5;
/** 2, 4, 8, 16, 32 s */
export const retryDelayMs = (retries: number) => 1000 * 2 ** retries;

export async function channelSendChunk(ctx: AppContext, ids: number[]): Promise<void> {
  // a retried job (its worker died mid-send) takes back what it had claimed, flagged: the provider may have it
  const claimed = await claimForChannelSend<MessageRow>(ctx.db, ids);
  const rows = claimed.map((r) => ({ ...r, id: Number(r.id) }));
  if (rows.length === 0) return;
  const results: { row: MessageRow; outcome: Awaited<ReturnType<ChannelDriver['send']>>[number] }[] = [];
  for (const channel of ['email', 'whatsapp']) {
    const list = rows.filter((r) => r.channel === channel);
    if (list.length === 0) continue;
    const driver = drivers[channel] as ChannelDriver;
    const outcomes = await driver.send(ctx, list).catch((err: Error) =>
      list.map(
        (): SendFail => ({
          ok: false,
          retryable: true,
          error_code: 'DRIVER_ERROR',
          error_message: reason('driverError', { detail: err.message }),
        }),
      ),
    );
    list.forEach((row, i) => {
      results.push({
        row,
        outcome: outcomes[i] ?? {
          ok: false,
          retryable: true,
          error_code: 'DRIVER_ERROR',
          error_message: reason('driverError', { detail: 'no outcome' }),
        },
      });
    });
  }
  const sent = results.filter((r) => r.outcome.ok);
  const fails = results.filter((r) => !r.outcome.ok) as { row: MessageRow; outcome: SendFail }[];
  const retry = fails.filter((f) => f.outcome.retryable && f.row.retries < MAX_CHANNEL_RETRIES);
  const final = fails.filter((f) => !retry.includes(f));
  await ctx.db.transaction(async (tx) => {
    await byIndex(tx);
    await markChannelSent(
      tx,
      sent.map((s) => ({
        id: s.row.id,
        account_id: s.row.account_id,
        provider_message_id: s.outcome.ok ? s.outcome.provider_message_id : '',
      })),
    );
    if (retry.length > 0) {
      // one job per delay: a chunk's retries share their attempt number in practice
      const byDelay = new Map<number, number[]>();
      for (const f of retry) {
        const ids = byDelay.get(f.row.retries + 1);
        if (ids) ids.push(f.row.id);
        else byDelay.set(f.row.retries + 1, [f.row.id]);
      }
      await backToChannelQueue(
        tx,
        retry.map((f) => ({ id: f.row.id, account_id: f.row.account_id, reason: f.outcome.error_message })),
      );
      for (const [n, list] of byDelay) {
        await queueChunks(ctx, tx, 'messages_channel_send', list, { runAt: new Date(Date.now() + retryDelayMs(n)), attempt: n });
      }
    }
    await refuse(
      tx,
      final.map((f) => ({
        row: f.row,
        status: 'FAILED' as const,
        error_code: f.outcome.error_code,
        error_message: f.outcome.error_message,
      })),
    );
  });
  countMessageRows(
    sent.map((s) => s.row),
    'SENT',
  );
  for (const [outcome, list] of [
    ['sent', sent],
    ['retry', retry],
    ['failed', final],
  ] as const) {
    for (const { row } of list) channelSends.inc({ channel: row.channel, outcome });
  }
}
