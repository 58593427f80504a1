/**
 * Email campaigns (§7, under /api/email-campaigns — the spec shows the paths without their
 * prefix): an email-only campaign sent now or scheduled (created and deployed in one call through
 * the same deploy checks — a refused deploy leaves nothing behind), a test send, the history of a
 * user's email campaigns, one recipient's details and the groups to choose from.
 */
import { idParamSchema, pageQuerySchema } from '@risala/shared';
import { campaignListQuerySchema, emailCampaignScheduleSchema, emailCampaignSendSchema, emailCampaignTestSchema } from '@risala/shared/schemas/campaigns';
import { userIdParamSchema } from '@risala/shared/schemas/common';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { type AuthContext, planGate, requireAuth, requirePermission } from '../auth/guard.ts';
import { eventsOf } from '../messaging/history.repo.ts';
import { readableError, timeline } from '../messaging/history.service.ts';
import { createCampaign, listCampaigns, requireCampaign } from './campaigns.service.ts';
import { deployCampaign } from './deploy.service.ts';
import { testSendContent } from './test-send.ts';

type SendInput = z.infer<typeof emailCampaignSendSchema> & { schedule_at?: string };

/** Created and deployed in ONE transaction: a refused deploy (or a crash) leaves no draft behind. */
async function sendEmailCampaign(ctx: AppContext, auth: AuthContext, input: SendInput) {
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

async function sameAccountUser(ctx: AppContext, auth: AuthContext, userId: number) {
  const { rows } = await ctx.db.execute(sql`select 1 from users where id = ${userId} and account_id = ${auth.accountId}`);
  if (rows.length === 0) throw new AppError('NOT_FOUND');
}

const detailParams = z.object({ campaignId: idParamSchema.shape.id, id: idParamSchema.shape.id });

export function emailCampaignRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['email-campaigns'];
    const send = [requirePermission('campaign', 'send'), planGate];
    const view = requirePermission('campaign', 'view');
    app.post('/send-now', { schema: { tags, body: emailCampaignSendSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await sendEmailCampaign(ctx, requireAuth(req), req.body), 'Email campaign sent', 201),
    );
    app.post('/schedule', { schema: { tags, body: emailCampaignScheduleSchema }, preHandler: send }, async (req, reply) =>
      ok(reply, await sendEmailCampaign(ctx, requireAuth(req), req.body), 'Email campaign scheduled', 201),
    );
    app.post('/test-send', { schema: { tags, body: emailCampaignTestSchema }, preHandler: send }, async (req, reply) => {
      const spec = { campaignId: null, channels: ['email' as const], content: { email: req.body.email }, senders: { email_sender_id: req.body.email_sender_id ?? null } };
      return ok(reply, await testSendContent(ctx, requireAuth(req), spec, { numbers: [], emails: req.body.emails }), 'Test email queued', 201);
    });
    app.get('/history/:userId', { schema: { tags, params: userIdParamSchema, querystring: campaignListQuerySchema.omit({ channel: true }) }, preHandler: view }, async (req, reply) => {
      const auth = requireAuth(req);
      await sameAccountUser(ctx, auth, req.params.userId);
      return ok(reply, await listCampaigns(ctx, auth, { ...req.query, channel: 'email' }, req.params.userId));
    });
    app.get('/:campaignId/details/:id', { schema: { tags, params: detailParams }, preHandler: view }, async (req, reply) => {
      const auth = requireAuth(req);
      await requireCampaign(ctx.db, auth.accountId, req.params.campaignId);
      const { rows } = await ctx.db.execute<Record<string, unknown>>(sql`
        select m.id, m.customer_id, m.recipient, m.sender, m.subject, m.status, m.error_code, m.error_message, m.created_at, m.queued_at, m.sent_at,
               m.delivered_at, m.read_at, m.clicked_at, m.failed_at, b.batch_id, b.variant
          from messages m left join batches b on b.id = m.batch_id
         where m.account_id = ${auth.accountId} and m.campaign_id = ${req.params.campaignId} and m.id = ${req.params.id} and m.channel = 'email'`);
      const m = rows[0];
      if (!m) throw new AppError('NOT_FOUND');
      const stored = await eventsOf(ctx.db, auth.accountId, Number(m.id));
      const lang = requestLanguage(req);
      const error = readableError(m.error_code as string | null, m.error_message as string | null, lang);
      // the same timeline as the message history: stored events plus the steps the row's timestamps tell
      const events = timeline(m as Parameters<typeof timeline>[0], stored, lang);
      return ok(reply, { ...m, id: Number(m.id), error_message: error, events });
    });
    app.get('/customer-groups/:userId', { schema: { tags, params: userIdParamSchema, querystring: pageQuerySchema }, preHandler: view }, async (req, reply) => {
      const auth = requireAuth(req);
      await sameAccountUser(ctx, auth, req.params.userId);
      const { page, limit } = req.query;
      const { rows } = await ctx.db.execute<Record<string, unknown> & { total: number }>(sql`
        select id, group_name, group_description, type, status, contacts_count, count(*) over ()::int as total from customer_groups
         where account_id = ${auth.accountId} order by lower(group_name), id limit ${limit} offset ${(page - 1) * limit}`);
      const total = rows[0]?.total ?? (page > 1 ? (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customer_groups where account_id = ${auth.accountId}`)).rows[0]?.n ?? 0 : 0);
      return ok(reply, { items: rows.map(({ total: _total, ...r }) => r), page, limit, total });
    });
  };
}
