/**
 * Email campaigns (§7, under /api/email-campaigns): an email-only campaign sent now or scheduled
 * (created and deployed in one transaction through the same deploy checks — a refused deploy
 * leaves nothing behind), one recipient's details and the groups to choose from.
 */
import type { PageQuery } from '@risala/shared';
import type { emailCampaignSendSchema } from '@risala/shared/schemas/campaigns';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { eventsOf, readableError, timeline } from '../messaging/index.ts';
import { createCampaign, requireCampaign } from './campaigns.service.ts';
import { deployCampaign } from './deploy.service.ts';

export type SendInput = z.infer<typeof emailCampaignSendSchema> & { schedule_at?: string };

/** Created and deployed in ONE transaction: a refused deploy (or a crash) leaves no draft behind. */
export async function sendEmailCampaign(ctx: AppContext, auth: AuthContext, input: SendInput) {
  return ctx.db.transaction(async (tx) => {
    const draft = await createCampaign(
      ctx,
      auth,
      {
        name: input.name,
        brand_id: input.brand_id,
        channels: ['email'],
        audience: input.audience,
        content: { email: input.email },
        senders: { email_sender_id: input.email_sender_id ?? null },
        schedule_at: input.schedule_at ?? null,
      },
      tx,
    );
    return deployCampaign(ctx, auth, draft.id, tx);
  });
}

/** One recipient of an email campaign, with the same timeline as the message history. */
export async function emailRecipientDetails(ctx: AppContext, auth: AuthContext, campaignId: number, id: number, lang: 'en' | 'ar') {
  await requireCampaign(ctx.db, auth.accountId, campaignId);
  const { rows } = await ctx.db.execute<Record<string, unknown>>(sql`
    select m.id, m.customer_id, m.recipient, m.sender, m.subject, m.status, m.error_code, m.error_message, m.created_at, m.queued_at, m.sent_at,
           m.delivered_at, m.read_at, m.clicked_at, m.failed_at, b.batch_id, b.variant
      from messages m left join batches b on b.id = m.batch_id
     where m.account_id = ${auth.accountId} and m.campaign_id = ${campaignId} and m.id = ${id} and m.channel = 'email'`);
  const m = rows[0];
  if (!m) throw new AppError('NOT_FOUND');
  const stored = await eventsOf(ctx.db, auth.accountId, Number(m.id));
  const error = readableError(m.error_code as string | null, m.error_message as string | null, lang);
  // stored events plus the steps the row's timestamps tell
  const events = timeline(m as Parameters<typeof timeline>[0], stored, lang);
  return { ...m, id: Number(m.id), error_message: error, events };
}

/** The account's groups, a page at a time, to choose an email campaign's audience from. */
export async function customerGroupsPage(ctx: AppContext, auth: AuthContext, { page, limit }: PageQuery) {
  const { rows } = await ctx.db.execute<Record<string, unknown> & { total: number }>(sql`
    select id, group_name, group_description, type, status, contacts_count, count(*) over ()::int as total from customer_groups
     where account_id = ${auth.accountId} order by lower(group_name), id limit ${limit} offset ${(page - 1) * limit}`);
  const total =
    rows[0]?.total ??
    (page > 1
      ? ((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customer_groups where account_id = ${auth.accountId}`))
          .rows[0]?.n ?? 0)
      : 0);
  return { items: rows.map(({ total: _total, ...r }) => r), page, limit, total };
}
