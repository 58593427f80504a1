/**
 * What the public tracking links do (tracking.routes.ts): find the signed message, stamp its first
 * open, count a click of a link, and unsubscribe its customer from email (RFC 8058 one-click).
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordEvents, stampEngagement, stampLinkClick } from '../messaging/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { countLinkClick } from './link-clicks.ts';
import { trackingKeys } from './content.ts';
import { type TrackKind, verifyTrackingSig } from './tracking.ts';

export interface Tracked {
  id: number;
  account_id: number;
  customer_id: number | null;
  campaign_id: number | null;
  language: string | null;
}

export async function signedMessage(ctx: AppContext, kind: TrackKind, id: number, sig: string, url = ''): Promise<Tracked> {
  if (!verifyTrackingSig(trackingKeys(ctx).secret, kind, id, sig, url)) throw new AppError('NOT_FOUND');
  const { rows } = await ctx.db.execute<Tracked & Record<string, unknown>>(sql`
    select m.id, m.account_id, m.customer_id, m.campaign_id, c.language from messages m left join customers c on c.id = m.customer_id
     where m.id = ${id} and m.channel = 'email' limit 1`);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return { ...rows[0], id: Number(rows[0].id) };
}

/** The first open stamps the message and writes its event, together or not at all. */
export async function markOpened(ctx: AppContext, m: Tracked) {
  await ctx.db.transaction((tx) => stampEngagement(tx, m, 'read_at', 'OPENED'));
}

/** A click: the message's first click and each link's first click by it are stamped; the link's counts go up. */
export async function markClicked(ctx: AppContext, m: Tracked, url: string) {
  await ctx.db.transaction(async (tx) => {
    const { firstOfLink } = await stampLinkClick(tx, m, url);
    if (m.campaign_id) await countLinkClick(tx, m.account_id, m.campaign_id, url, firstOfLink);
  });
}

export async function unsubscribe(ctx: AppContext, m: Tracked) {
  await ctx.db.transaction(async (tx) => {
    if (m.customer_id) {
      await tx.execute(sql`
        update customers set consent_email = false, consent_email_source = 'unsubscribe', consent_email_at = now(), updated_at = now()
         where id = ${m.customer_id} and account_id = ${m.account_id}`);
    }
    const { rows } = await tx.execute(sql`select 1 from message_events where message_id = ${m.id} and event = 'UNSUBSCRIBED' limit 1`);
    if (rows.length === 0) {
      await recordEvents(tx, [{ message_id: m.id, account_id: m.account_id, event: 'UNSUBSCRIBED' }]);
      await emitWebhookEvent(tx, m.account_id, 'customer.opted_out', {
        customer_id: m.customer_id ?? null,
        channel: 'email',
        source: 'unsubscribe',
        message_id: m.id,
        at: new Date().toISOString(),
      });
    }
  });
}
