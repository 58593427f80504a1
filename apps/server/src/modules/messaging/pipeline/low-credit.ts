/**
 * The low-credit notice: when a take brings a channel's balance below the account's threshold,
 * the account's active owners get one notification (bell and, by default, email — the notification
 * mailer writes it in each reader's language). One per crossing: `credits.low_notified` is claimed
 * by a single conditional update, and cleared only when credits are added back above the threshold.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { notify } from '../../notifications/index.ts';
import { claimLowNotice } from './credits.ts';

const KEY: Record<Channel, string> = { sms: 'creditsLowSms', email: 'creditsLowEmail', whatsapp: 'creditsLowWhatsapp' };

/** Claims the crossing's notice and notifies the owners; false when another take claimed it first. */
export async function noticeLowCredits(db: DbOrTx, accountId: number, channel: Channel, balance: number, threshold: number) {
  return db.transaction(async (tx) => {
    if (!(await claimLowNotice(tx, accountId, channel))) return false;
    const { rows } = await tx.execute<{ id: number }>(sql`
      select u.id from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
       where u.account_id = ${accountId} and r.key = 'owner' and u.status = 'ACTIVE' order by u.id limit 20`);
    for (const u of rows) await notify(tx, { accountId, userId: Number(u.id) }, 'credits_low', KEY[channel], { balance, threshold });
    return true;
  });
}

/** After the send committed (rare: only the take that crossed): a failed notice must not fail the send. */
export async function noticeLowCreditsAfter(ctx: AppContext, accountId: number, channel: Channel, balance: number, threshold: number) {
  try {
    await noticeLowCredits(ctx.db, accountId, channel, balance, threshold);
  } catch (err) {
    ctx.log.error({ err, accountId, channel }, 'low-credit notice failed');
  }
}
